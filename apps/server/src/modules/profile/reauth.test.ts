import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext, registerUser } from '../../../test/helpers';
import { settle } from '../../../test/mail-helpers';
import { addPasskey } from '../../../test/passkey-helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { appCode } from '../../../test/totp-helpers';
import { passkeys, securityLog, users, userTotp } from '../../db/schema/index';
import { MemoryEventBus } from '../../events/bus';
import { TestClock } from '../../lib/clock';

/**
 * Recent confirmation (DESIGN.md §7.7, security review N2 and N3): a session
 * whose sign-in is older than REAUTH_WINDOW_SECONDS (600 s by default) is
 * what a thief holding only the cookie has. It must not add or remove a way
 * to sign in until the password is confirmed in that very session.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const ala = { username: 'ala', email: 'ala@example.com' };
const PASSWORD = 'Sekretne-Haslo-42';
const WINDOW_MS = 600_000;
const REAUTH_REQUIRED = { error: 'reauth_required' };

async function start() {
  const clock = new TestClock(Date.UTC(2026, 10, 27, 12, 0, 10));
  const app = await ctx.app({ clock });
  return { app, clock };
}

/** The five calls of §7.7 as a stolen session would make them; answers each response. */
async function tryEveryChange(client: Client, input: { passkeyId: number; totpCode: string }) {
  return {
    passkeyOptions: await client.post('/api/profile/passkeys/options'),
    passkeyAdd: await client.post('/api/profile/passkeys', { name: 'Złodziej', response: {} }),
    passkeyRemove: await client.request('DELETE', `/api/profile/passkeys/${input.passkeyId}`),
    totpSetup: await client.post('/api/profile/totp/setup'),
    totpConfirm: await client.post('/api/profile/totp/confirm', { code: input.totpCode }),
  };
}

describe('a session without a recent confirmation (only the stolen cookie)', () => {
  it('gets 403 reauth_required on each of the five calls and nothing changes, until the password is confirmed', async () => {
    const { app, clock } = await start();
    const { client, user } = await registerUser(app, ctx.mail, ala);
    // While the sign-in is fresh the owner adds a passkey and starts setting up the app.
    const ownKey = await addPasskey(client, new SoftwareAuthenticator());
    expect(ownKey.statusCode).toBe(200);
    const passkeyId = ownKey.json().passkey.id as number;
    const { secret } = (await client.post('/api/profile/totp/setup')).json() as { secret: string };

    clock.advance(WINDOW_MS + 1_000);
    await settle();
    ctx.mail.clear();
    const refused = await tryEveryChange(client, { passkeyId, totpCode: appCode(secret, clock) });
    for (const [call, response] of Object.entries(refused)) {
      expect([call, response.statusCode, response.json()]).toEqual([call, 403, REAUTH_REQUIRED]);
    }
    const db = ctx.database.db;
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
    const [pending] = await db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(pending?.enabledAt).toBeNull();
    await settle();
    expect(ctx.mail.messages).toEqual([]);

    const reauth = await client.post('/api/profile/reauth', { password: PASSWORD });
    expect(reauth.statusCode, reauth.body).toBe(200);
    expect(reauth.json()).toEqual({
      reauth_until: new Date(clock.now().getTime() + WINDOW_MS).toISOString(),
    });

    // At once (the session cache forgot the old confirmation), every call works again.
    const authenticator = new SoftwareAuthenticator();
    expect((await addPasskey(client, authenticator, 'Telefon')).statusCode).toBe(200);
    expect((await client.request('DELETE', `/api/profile/passkeys/${passkeyId}`)).statusCode).toBe(
      200,
    );
    expect((await client.post('/api/profile/totp/setup')).statusCode).toBe(200);
  });

  it('a fresh sign-in counts as confirmation, and the window runs out', async () => {
    const { app, clock } = await start();
    await registerUser(app, ctx.mail, ala);
    clock.advance(WINDOW_MS * 3);
    const browser = new Client(app);
    const login = await browser.post('/api/auth/login', {
      identifier: ala.username,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    clock.advance(WINDOW_MS - 1_000);
    expect((await browser.post('/api/profile/passkeys/options')).statusCode).toBe(200);
    clock.advance(2_000);
    const late = await browser.post('/api/profile/passkeys/options');
    expect([late.statusCode, late.json()]).toEqual([403, REAUTH_REQUIRED]);
  });

  it('a confirmation applies at once on every instance, whatever their session caches held', async () => {
    const clock = new TestClock(Date.UTC(2026, 10, 27, 12, 0, 10));
    const bus = new MemoryEventBus();
    const first = await ctx.app({ clock, bus });
    const second = await ctx.app({ clock, bus });
    const { client } = await registerUser(first, ctx.mail, ala);
    const elsewhere = new Client(second);
    for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value);
    clock.advance(WINDOW_MS + 1_000);
    // The second instance now caches the session with its old confirmation.
    expect((await elsewhere.post('/api/profile/passkeys/options')).statusCode).toBe(403);
    expect((await client.post('/api/profile/reauth', { password: PASSWORD })).statusCode).toBe(200);
    expect((await elsewhere.post('/api/profile/passkeys/options')).statusCode).toBe(200);
  });

  it('a confirmation in one session does not confirm another session of the same account', async () => {
    const { app, clock } = await start();
    const { client: owner } = await registerUser(app, ctx.mail, ala);
    const thief = new Client(app);
    expect(
      (await thief.post('/api/auth/login', { identifier: ala.username, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    clock.advance(WINDOW_MS + 1_000);
    expect((await owner.post('/api/profile/reauth', { password: PASSWORD })).statusCode).toBe(200);
    expect((await owner.post('/api/profile/totp/setup')).statusCode).toBe(200);
    const other = await thief.post('/api/profile/totp/setup');
    expect([other.statusCode, other.json()]).toEqual([403, REAUTH_REQUIRED]);
  });
});

describe('POST /api/profile/reauth', () => {
  it('a wrong password is 400 invalid_credentials, logged like a failed login, and confirms nothing', async () => {
    const { app, clock } = await start();
    const { client, user } = await registerUser(app, ctx.mail, ala);
    clock.advance(WINDOW_MS + 1_000);
    const wrong = await client.post('/api/profile/reauth', { password: 'Zle-Haslo-00' });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { error: 'invalid_credentials' }]);
    expect((await client.post('/api/profile/totp/setup')).statusCode).toBe(403);
    const failed = await ctx.database.db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'login_failed'));
    expect(failed.map((row) => [row.userId, row.details])).toEqual([[user.id, { step: 'reauth' }]]);
  });

  it('a parallel burst of 20 wrong passwords checks at most the budget (10); the rest get 429', async () => {
    const { app, clock } = await start();
    const { client } = await registerUser(app, ctx.mail, ala);
    clock.advance(WINDOW_MS + 1_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.post('/api/profile/reauth', { password: `Zle-Haslo-${i}` }),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(
      20 - statuses.filter((s) => s === 400).length,
    );
    // Even the right password waits now: the budget is spent.
    expect((await client.post('/api/profile/reauth', { password: PASSWORD })).statusCode).toBe(429);
  });

  it('needs a session, and validates the body', async () => {
    const { app } = await start();
    expect(
      (await new Client(app).post('/api/profile/reauth', { password: PASSWORD })).statusCode,
    ).toBe(401);
    const { client } = await registerUser(app, ctx.mail, ala);
    const bad = await client.post('/api/profile/reauth', { code: '12ab' });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'validation_failed']);
  });

  it('an account without a password confirms with a code mailed to its address', async () => {
    const { app, clock } = await start();
    const { client, user } = await registerUser(app, ctx.mail, ala);
    // A guest (DESIGN.md §7.6) has no password hash.
    await ctx.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    clock.advance(WINDOW_MS + 1_000);
    expect((await client.post('/api/profile/totp/setup')).statusCode).toBe(403);
    expect((await client.post('/api/profile/reauth/code')).statusCode).toBe(200);
    const code = codeFrom(await ctx.mail.last(ala.email));
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await client.post('/api/profile/reauth', { code: wrongCode });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { error: 'invalid_code' }]);
    const right = await client.post('/api/profile/reauth', { code });
    expect(right.statusCode, right.body).toBe(200);
    expect((await client.post('/api/profile/totp/setup')).statusCode).toBe(200);
    // A code works once.
    expect((await client.post('/api/profile/reauth', { code })).statusCode).toBe(400);
  });

  it('an account with a password gets no code: it confirms with the password (403)', async () => {
    const { app } = await start();
    const { client } = await registerUser(app, ctx.mail, ala);
    ctx.mail.clear();
    const asked = await client.post('/api/profile/reauth/code');
    expect([asked.statusCode, asked.json()]).toEqual([403, { error: 'forbidden' }]);
    await settle();
    expect(ctx.mail.messages.filter((m) => m.subject === 'Potwierdzenie tożsamości')).toEqual([]);
  });
});
