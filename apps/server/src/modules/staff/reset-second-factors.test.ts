import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  Client,
  codeFrom,
  createTestContext,
  registerUser,
  testConfig,
} from '../../../test/helpers';
import { mailTitled, settle } from '../../../test/mail-helpers';
import { addPasskey } from '../../../test/passkey-helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { quickUser } from '../../../test/tickets-helpers';
import { appCode, STEP_MS } from '../../../test/totp-helpers';
import { runAdminCommand } from '../../cli/admin';
import { passkeys, recoveryCodes, securityLog, users, userTotp } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

/**
 * The way back for an owner locked out by a second factor they no longer hold
 * (issue 28, review N3): staff reset every second factor after typing the
 * account's name, or the admin command does; logged, mailed, sessions ended.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const ala = { username: 'ala', email: 'ala@example.com' };
const PASSWORD = 'Sekretne-Haslo-42';
const SUBJECT = 'Zabezpieczenia logowania zostały zresetowane';
const ALL_OFF = { email_codes: false, totp: false, passkeys: 0 };
const ALL_ON = { email_codes: true, totp: true, passkeys: 1 };

/** A customer with every second factor on, still signed in, and an admin. */
async function world() {
  const clock = new TestClock(Date.UTC(2026, 10, 27, 12, 0, 10));
  const app = await ctx.app({ clock });
  const { client, user } = await registerUser(app, ctx.mail, ala);
  expect((await addPasskey(client, new SoftwareAuthenticator())).statusCode).toBe(200);
  const { secret } = (await client.post('/api/profile/totp/setup')).json() as { secret: string };
  await client.post('/api/profile/totp/confirm', { code: appCode(secret, clock) });
  clock.advance(STEP_MS);
  await client.post('/api/profile/mfa/enable/request');
  const code = codeFrom(await ctx.mail.last(ala.email));
  expect((await client.post('/api/profile/mfa/enable/confirm', { code })).statusCode).toBe(200);
  expect((await client.get('/api/profile/security')).json().second_factors).toEqual(ALL_ON);
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  await settle();
  ctx.mail.clear();
  return { app, clock, client, user, admin };
}

const reset = (client: Client, id: number, confirm: string) =>
  client.post(`/api/admin/customers/${id}/reset-2fa`, { confirm });

async function factorsOf(app: FastifyInstance, userId: number) {
  const db = app.deps.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return {
    email_codes: user?.mfaEnabled,
    totp: (await db.select().from(userTotp).where(eq(userTotp.userId, userId))).length > 0,
    recovery: (await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId)))
      .length,
    passkeys: (await db.select().from(passkeys).where(eq(passkeys.userId, userId))).length,
  };
}

/** The owner is back in with the password alone. */
async function passwordAloneSignsIn(app: FastifyInstance) {
  const signIn = await new Client(app).post('/api/auth/login', {
    identifier: ala.username,
    password: PASSWORD,
  });
  expect(signIn.json().mfa_required).toBeUndefined();
  expect(signIn.json().user?.username).toBe('ala');
}

async function theNotice() {
  const mail = await mailTitled(ctx.mail, ala.email, SUBJECT);
  await settle();
  expect(ctx.mail.messages.filter((m) => m.subject === SUBJECT)).toHaveLength(1);
  expect(mail.text).toContain('Administrator serwisu wyłączył drugi etap logowania');
  // No lock link, and not the staff member's browser nor address.
  expect(mail.text).not.toContain('/security/lock');
  expect(mail.text).not.toContain('Adres IP');
  return mail;
}

describe('POST /api/admin/customers/:id/reset-2fa', () => {
  it('a customer gets 403 and nothing changes', async () => {
    const { app, client, user } = await world();
    const refused = await reset(client, user.id, ala.username);
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'forbidden' }]);
    expect(await factorsOf(app, user.id)).toEqual({
      email_codes: true,
      totp: true,
      recovery: 10,
      passkeys: 1,
    });
  });

  it('a confirmation that names another account is 400 validation_failed and changes nothing', async () => {
    const { client, user, admin } = await world();
    for (const confirm of ['ola', 'ala@example.co', 'Obsluga']) {
      const refused = await reset(admin.client, user.id, confirm);
      expect([refused.statusCode, refused.json().error]).toEqual([400, 'validation_failed']);
    }
    expect((await client.get('/api/profile/security')).json().second_factors).toEqual(ALL_ON);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    await settle();
    expect(ctx.mail.messages).toEqual([]);
    const unknown = await reset(admin.client, 99_999, 'ala');
    expect(unknown.statusCode).toBe(404);
  });

  it('the right confirmation (any case) removes every second factor, ends every session, is logged and mailed', async () => {
    const { app, client, user, admin } = await world();
    const done = await reset(admin.client, user.id, '  ALA@Example.com ');
    expect([done.statusCode, done.json()]).toEqual([200, { second_factors: ALL_OFF }]);
    expect(await factorsOf(app, user.id)).toEqual({
      email_codes: false,
      totp: false,
      recovery: 0,
      passkeys: 0,
    });
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    await theNotice();
    const [logged] = await app.deps.db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'second_factors_reset'));
    expect(logged?.userId).toBe(user.id);
    expect(logged?.details).toMatchObject({
      admin_id: admin.user.id,
      via: 'staff',
      before: ALL_ON,
    });
    await passwordAloneSignsIn(app);
  });
});

describe('npm run admin -- reset-2fa', () => {
  it('does the same from the server: factors gone, sessions ended on the running server, mail sent, logged', async () => {
    const { app, client, user } = await world();
    const config = testConfig({ SMTP_URL: ctx.mail.url });
    const answer = await runAdminCommand(app.deps.db, ['reset-2fa', 'ALA'], {
      bus: app.deps.bus,
      config,
    });
    expect(answer).toBe(
      'ala <ala@example.com>: second factors reset (e-mail codes off, app off, 0 passkey(s)); signed out everywhere; notice mailed.',
    );
    expect(await factorsOf(app, user.id)).toEqual({
      email_codes: false,
      totp: false,
      recovery: 0,
      passkeys: 0,
    });
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    await theNotice();
    const [logged] = await app.deps.db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'second_factors_reset'));
    expect(logged?.details).toMatchObject({ admin_id: null, via: 'cli' });
    await passwordAloneSignsIn(app);
  });

  it('names an unknown user clearly, and lists the command in its usage', async () => {
    const { app } = await world();
    const config = testConfig({ SMTP_URL: ctx.mail.url });
    await expect(runAdminCommand(app.deps.db, ['reset-2fa', 'nikt'], { config })).rejects.toThrow(
      'No user "nikt".',
    );
    await expect(runAdminCommand(app.deps.db, ['reset-2fa'])).rejects.toThrow(/reset-2fa/);
  });
});
