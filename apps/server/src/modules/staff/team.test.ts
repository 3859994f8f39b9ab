import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, testConfig } from '../../../test/helpers';
import { mailTitled } from '../../../test/mail-helpers';
import { quickUser } from '../../../test/tickets-helpers';
import { runAdminCommand } from '../../cli/admin';
import { securityLog, users } from '../../db/schema/index';
import { revokeStaffRights } from './staff-rights';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const GRANTED = 'Nadano Ci uprawnienia zespołu';
const REVOKED = 'Odebrano Ci uprawnienia zespołu';

async function world() {
  const app = await ctx.app();
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  const ewa = await quickUser(app, { username: 'Ewa', email: 'ewa@example.com' });
  return { app, admin, ewa };
}

async function logged(event: 'staff_granted' | 'staff_revoked', userId: number) {
  return ctx.database.db
    .select()
    .from(securityLog)
    .where(and(eq(securityLog.event, event), eq(securityLog.userId, userId)));
}

describe('„Zespół”: /api/admin/team', () => {
  it('a customer gets 403 on every call, and nothing changes', async () => {
    const { admin, ewa } = await world();
    expect((await ewa.client.get('/api/admin/team')).statusCode).toBe(403);
    const grant = await ewa.client.post('/api/admin/team', { email: 'ewa@example.com' });
    expect([grant.statusCode, grant.json()]).toEqual([403, { error: 'forbidden' }]);
    const revoke = await ewa.client.request('DELETE', `/api/admin/team/${admin.user.id}`);
    expect(revoke.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, ewa.user.id));
    expect(row?.isAdmin).toBe(false);
  });

  it('grants by e-mail (any case): listed with who granted it, logged, mailed, and staff at once', async () => {
    const { admin, ewa } = await world();
    const before = await ewa.client.get('/api/admin/team');
    expect(before.statusCode).toBe(403);
    const granted = await admin.client.post('/api/admin/team', { email: ' EWA@example.com ' });
    expect(granted.statusCode).toBe(201);
    expect(granted.json().member).toMatchObject({
      id: ewa.user.id,
      username: 'Ewa',
      email: 'ewa@example.com',
      granted: { via: 'team', by: 'Obsluga' },
    });
    // The same session has staff powers on its next request.
    const list = await ewa.client.get('/api/admin/team');
    expect(list.statusCode).toBe(200);
    expect(list.json().team.map((m: { username: string }) => m.username)).toEqual([
      'Ewa',
      'Obsluga',
    ]);
    expect(list.json().team[1].granted).toBeNull();
    const [entry] = await logged('staff_granted', ewa.user.id);
    expect(entry?.details).toEqual({ admin_id: admin.user.id, via: 'team' });
    const mail = await mailTitled(ctx.mail, 'ewa@example.com', GRANTED);
    expect(mail.text).toContain('Obsluga nadaje Ci uprawnienia zespołu');
    expect(mail.text).toContain('/contact');
  });

  it('an unknown address is 404 account_not_found, a guest too; staff already is 409 already_staff', async () => {
    const { app, admin } = await world();
    const unknown = await admin.client.post('/api/admin/team', { email: 'nikt@example.com' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'account_not_found' }]);
    const now = app.deps.clock.now();
    await ctx.database.db.insert(users).values({
      username: 'gosc',
      email: 'gosc@example.com',
      passwordHash: null,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const guest = await admin.client.post('/api/admin/team', { email: 'gosc@example.com' });
    expect([guest.statusCode, guest.json()]).toEqual([404, { error: 'account_not_found' }]);
    const again = await admin.client.post('/api/admin/team', { email: 'obsluga@example.com' });
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'already_staff' }]);
    const bad = await admin.client.post('/api/admin/team', { email: 'nie-adres' });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'validation_failed']);
  });

  it('revokes: the person loses staff powers on their next request, logged and mailed', async () => {
    const { admin, ewa } = await world();
    await admin.client.post('/api/admin/team', { email: 'ewa@example.com' });
    expect((await ewa.client.get('/api/admin/team')).statusCode).toBe(200);
    const revoked = await admin.client.request('DELETE', `/api/admin/team/${ewa.user.id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await ewa.client.get('/api/admin/team')).statusCode).toBe(403);
    expect((await ewa.client.get('/api/auth/me')).json().user.is_admin).toBe(false);
    const [entry] = await logged('staff_revoked', ewa.user.id);
    expect(entry?.details).toEqual({ admin_id: admin.user.id, via: 'team' });
    const mail = await mailTitled(ctx.mail, 'ewa@example.com', REVOKED);
    expect(mail.text).toContain('Obsluga odbiera Ci uprawnienia zespołu');
    // Not staff any more: 404, as for an unknown id.
    const again = await admin.client.request('DELETE', `/api/admin/team/${ewa.user.id}`);
    expect(again.statusCode).toBe(404);
    expect((await admin.client.request('DELETE', '/api/admin/team/abc')).statusCode).toBe(404);
  });

  it('refuses self-revocation (409 cannot_revoke_self) and the last admin (409 last_admin)', async () => {
    const { app, admin } = await world();
    const self = await admin.client.request('DELETE', `/api/admin/team/${admin.user.id}`);
    expect([self.statusCode, self.json()]).toEqual([409, { error: 'cannot_revoke_self' }]);
    const other = await quickUser(app, { username: 'Szef', isAdmin: true });
    // An admin demoted a moment ago (their session read before it) cannot remove the last one.
    await ctx.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    await expect(
      revokeStaffRights(app.deps, {
        userId: other.user.id,
        actor: { adminId: admin.user.id, via: 'team' },
        meta: { ip: '127.0.0.1', throttleAddress: '127.0.0.1', userAgent: 'test' },
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'last_admin' });
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    // Two admins removing each other at once leave one.
    const both = await Promise.all([
      admin.client.request('DELETE', `/api/admin/team/${other.user.id}`),
      other.client.request('DELETE', `/api/admin/team/${admin.user.id}`),
    ]);
    const codes = both.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(204);
    expect(codes[1]).not.toBe(204);
    const admins = await ctx.database.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
  });

  it('the command line and the workspace share one implementation: both log and mail', async () => {
    const { app, admin, ewa } = await world();
    const config = testConfig({ SMTP_URL: ctx.mail.url });
    const said = await runAdminCommand(app.deps.db, ['grant', 'ewa@example.com'], {
      bus: app.deps.bus,
      config,
    });
    expect(said).toBe('Ewa <ewa@example.com> is now an admin.');
    expect((await ewa.client.get('/api/admin/team')).statusCode).toBe(200);
    const [granted] = await logged('staff_granted', ewa.user.id);
    expect(granted?.details).toEqual({ admin_id: null, via: 'cli' });
    const mail = await mailTitled(ctx.mail, 'ewa@example.com', GRANTED);
    expect(mail.text).toContain('Nadano Ci uprawnienia zespołu w Kontakcie');
    const listed = (await admin.client.get('/api/admin/team')).json().team;
    expect(listed[0]).toMatchObject({ username: 'Ewa', granted: { via: 'cli', by: null } });

    await expect(
      runAdminCommand(app.deps.db, ['grant', 'ewa'], { bus: app.deps.bus, config }),
    ).rejects.toThrow('Ewa is already an admin.');
    expect(await runAdminCommand(app.deps.db, ['revoke', 'Ewa'], { config })).toMatch(
      /no longer an admin/,
    );
    const [revoked] = await logged('staff_revoked', ewa.user.id);
    expect(revoked?.details).toEqual({ admin_id: null, via: 'cli' });
    await mailTitled(ctx.mail, 'ewa@example.com', REVOKED);
    await expect(runAdminCommand(app.deps.db, ['revoke', 'ewa'], { config })).rejects.toThrow(
      'Ewa is not an admin.',
    );
  });
});
