import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser } from '../../../test/helpers';
import { ala, enableMfa, signInWithPasskey, userWithPasskey } from '../../../test/passkey-helpers';
import { passkeys, securityLog, webauthnChallenges } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

describe('adding passkeys in the profile', () => {
  it('offers discoverable, verification-preferred options for the site and the user', async () => {
    const app = await ctx.app();
    const { client, user } = await registerUser(app, ctx.mail, ala);
    const options = (await client.post('/api/profile/passkeys/options')).json();
    expect(options.rp).toEqual({ name: 'Kontakt', id: 'localhost' });
    expect(options.user.name).toBe('ala');
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(String(user.id));
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'preferred',
    });
    expect(options.excludeCredentials).toEqual([]);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('stores a passkey, lists it, excludes it next time, renames and removes it', async () => {
    const app = await ctx.app();
    const { client, authenticator, passkeyId } = await userWithPasskey(app, ctx.mail, ala);
    const list = (await client.get('/api/profile/passkeys')).json();
    expect(list).toEqual({
      passkeys: [
        { id: passkeyId, name: 'Laptop', created_at: expect.any(String), last_used_at: null },
      ],
    });
    const again = (await client.post('/api/profile/passkeys/options')).json();
    expect(again.excludeCredentials).toEqual([
      {
        id: authenticator.credentials[0]?.id.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);

    const renamed = await client.request('PATCH', `/api/profile/passkeys/${passkeyId}`, {
      name: '  Telefon Ali ',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().passkey.name).toBe('Telefon Ali');
    expect((await client.request('DELETE', `/api/profile/passkeys/${passkeyId}`)).statusCode).toBe(
      200,
    );
    expect((await client.get('/api/profile/passkeys')).json()).toEqual({ passkeys: [] });
    const events = (await ctx.database.db.select().from(securityLog)).map((row) => row.event);
    expect(events).toEqual(
      expect.arrayContaining(['passkey_added', 'passkey_renamed', 'passkey_removed']),
    );
  });

  it('refuses a name that is empty or too long, and changes nothing', async () => {
    const app = await ctx.app();
    const { client, passkeyId } = await userWithPasskey(app, ctx.mail, ala);
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      const answer = await client.request('PATCH', `/api/profile/passkeys/${passkeyId}`, { name });
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().error).toBe('validation_failed');
    }
    expect((await client.get('/api/profile/passkeys')).json().passkeys[0].name).toBe('Laptop');
  });

  it('needs a session and our Origin', async () => {
    const app = await ctx.app();
    expect((await new Client(app).post('/api/profile/passkeys/options')).statusCode).toBe(401);
    expect((await new Client(app).get('/api/profile/passkeys')).statusCode).toBe(401);
    const { client } = await registerUser(app, ctx.mail, ala);
    const foreign = await client.post('/api/profile/passkeys/options', undefined, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a username and counts the use', async () => {
    const app = await ctx.app();
    const { authenticator, passkeyId } = await userWithPasskey(app, ctx.mail, ala);
    const options = (await new Client(app).post('/api/auth/passkey/options')).json();
    expect(options.allowCredentials).toBeUndefined();
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe('localhost');

    const { client, answer } = await signInWithPasskey(app, authenticator);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ user: { username: 'ala' } });
    expect(client.cookies.has('sid')).toBe(true);
    expect((await client.get('/api/auth/me')).json().user.username).toBe('ala');
    const [row] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    const logins = await ctx.database.db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'login'));
    expect(logins.at(-1)?.details).toEqual({ passkey: passkeyId });
  });

  it('starts a full session even with e-mailed 2FA on (the passkey verified its user)', async () => {
    const app = await ctx.app();
    const { client, authenticator } = await userWithPasskey(app, ctx.mail, ala);
    await enableMfa(client, ctx.mail, ala.email);
    const { answer } = await signInWithPasskey(app, authenticator);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user.mfa_enabled).toBe(true);
  });

  it('refuses an answer without user verification', async () => {
    const app = await ctx.app();
    const { authenticator } = await userWithPasskey(app, ctx.mail, ala);
    const { client, answer } = await signInWithPasskey(app, authenticator, { userVerified: false });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'invalid_passkey' });
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('refuses an answer once its challenge has expired', async () => {
    const clock = new TestClock(Date.now());
    const app = await ctx.app({ clock });
    const { authenticator } = await userWithPasskey(app, ctx.mail, ala);
    const client = new Client(app);
    const options = (await client.post('/api/auth/passkey/options')).json();
    clock.advance(5 * 60_000 + 1);
    const response = authenticator.get(options);
    const answer = await client.post('/api/auth/passkey/verify', { response });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'invalid_passkey' });
  });

  it('keeps challenges in the database, so another instance can check the answer', async () => {
    const app = await ctx.app();
    const other = await ctx.app();
    const { authenticator } = await userWithPasskey(app, ctx.mail, ala);
    const options = (await new Client(app).post('/api/auth/passkey/options')).json();
    expect(await ctx.database.db.select().from(webauthnChallenges)).toHaveLength(1);
    const client = new Client(other);
    const answer = await client.post('/api/auth/passkey/verify', {
      response: authenticator.get(options),
    });
    expect(answer.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(webauthnChallenges)).toHaveLength(0);
  });
});
