import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser } from '../../../test/helpers';
import { runAdminCommand } from '../../cli/admin';
import { securityLog } from '../../db/schema/index';
import { MemoryEventBus } from '../../events/bus';

/** Finding 33: signing out everywhere else, and an operator's way to end a user's sessions. */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const PASSWORD = 'Sekretne-Haslo-42';

async function signIn(app: Parameters<typeof registerUser>[0], identifier: string) {
  const client = new Client(app);
  const login = await client.post('/api/auth/login', { identifier, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  return client;
}

describe('ending sessions (finding 33)', () => {
  it('„Wyloguj wszystkie pozostałe” ends every other session at once, on both instances, and keeps this one', async () => {
    const bus = new MemoryEventBus();
    const first = await ctx.app({ bus });
    const second = await ctx.app({ bus });
    const { client: here } = await registerUser(first, ctx.mail, {
      username: 'wanda',
      email: 'wanda@example.com',
    });
    const laptop = await signIn(second, 'wanda');
    const phone = await signIn(first, 'wanda@example.com');
    // Both are cached by now on their instances: the revoke must reach the caches too.
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(200);

    const revoked = await here.post('/api/profile/sessions/revoke-others', {});
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true, ended: 2 });
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
    const events = await ctx.database.db.select().from(securityLog);
    expect(events.some((e) => e.event === 'sessions_revoked')).toBe(true);
  });

  it('needs a session and a same-origin request, and touches nobody else', async () => {
    const app = await ctx.app();
    const { client: other } = await registerUser(app, ctx.mail, {
      username: 'olek',
      email: 'olek@example.com',
    });
    const { client: victim } = await registerUser(app, ctx.mail, {
      username: 'wiktor',
      email: 'wiktor@example.com',
    });
    const second = await signIn(app, 'wiktor');
    expect((await new Client(app).post('/api/profile/sessions/revoke-others', {})).statusCode).toBe(
      401,
    );
    const crossSite = await victim.post(
      '/api/profile/sessions/revoke-others',
      {},
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await second.get('/api/auth/me')).statusCode).toBe(200);
    // Another user's call ends only their own other sessions.
    expect((await other.post('/api/profile/sessions/revoke-others', {})).json().ended).toBe(0);
    expect((await second.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('npm run admin -- revoke-sessions signs a user out everywhere, and running servers hear it', async () => {
    const bus = new MemoryEventBus();
    const app = await ctx.app({ bus });
    const { client } = await registerUser(app, ctx.mail, {
      username: 'zenon',
      email: 'zenon@example.com',
    });
    const other = await signIn(app, 'zenon');
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const said = await runAdminCommand(ctx.database.db, ['revoke-sessions', 'ZENON@example.com'], {
      bus,
    });
    expect(said).toContain('2 session(s) ended');
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    await expect(
      runAdminCommand(ctx.database.db, ['revoke-sessions', 'nikt'], { bus }),
    ).rejects.toThrow('No user "nikt".');
  });
});
