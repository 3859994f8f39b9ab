import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser } from '../../../test/helpers';
import {
  addPasskey,
  ala,
  bartek,
  enableMfa,
  INVALID_PASSKEY,
  userWithPasskey,
} from '../../../test/passkey-helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { loginChallenges, sessions } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

/** Ala with a passkey and e-mailed 2FA on. */
async function alaWithPasskeyAndMfa() {
  const clock = new TestClock(Date.now());
  const app = await ctx.app({ clock });
  const alice = await userWithPasskey(app, ctx.mail, ala);
  await enableMfa(alice.client, ctx.mail, ala.email);
  return { app, clock, ...alice };
}

async function passwordStep(client: Client, identifier = ala.username) {
  const answer = await client.post('/api/auth/login', {
    identifier,
    password: 'Sekretne-Haslo-42',
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe('a passkey as the second factor', () => {
  it('is offered after the password and finishes the sign-in', async () => {
    const { app, user, authenticator } = await alaWithPasskeyAndMfa();
    const client = new Client(app);
    expect(await passwordStep(client)).toEqual({
      mfa_required: true,
      user_id: user.id,
      methods: ['email', 'passkey'],
    });
    const options = await client.post('/api/auth/mfa/passkey/options', { user_id: user.id });
    expect(options.statusCode).toBe(200);
    expect(options.json().allowCredentials).toEqual([
      {
        id: authenticator.credentials[0]?.id.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
    // The password was the first factor: a key without a PIN is enough here.
    const response = authenticator.get(options.json(), { userVerified: false });
    const verified = await client.post('/api/auth/mfa/passkey/verify', {
      user_id: user.id,
      response,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ ok: true, user: { username: 'ala' } });
    expect(client.cookies.has('mfa_pending')).toBe(false);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(loginChallenges)).toEqual([]);
  });

  it('needs the password step of this browser', async () => {
    const { app, user, authenticator } = await alaWithPasskeyAndMfa();
    const stranger = new Client(app);
    const options = await stranger.post('/api/auth/mfa/passkey/options', { user_id: user.id });
    expect(options.statusCode).toBe(400);
    expect(options.json()).toEqual(INVALID_PASSKEY);

    const browser = new Client(app);
    await passwordStep(browser);
    const real = (await browser.post('/api/auth/mfa/passkey/options', { user_id: user.id })).json();
    // The stranger holds the key's answer (say, relayed) but not the browser's challenge cookie.
    const response = authenticator.get(real);
    const relayed = await stranger.post('/api/auth/mfa/passkey/verify', {
      user_id: user.id,
      response,
    });
    expect(relayed.json()).toEqual(INVALID_PASSKEY);
    expect((await stranger.get('/api/auth/me')).statusCode).toBe(401);
  });

  it("refuses another user's passkey, and a passkey answer used twice", async () => {
    const { app, clock, user, authenticator } = await alaWithPasskeyAndMfa();
    const bob = await userWithPasskey(app, ctx.mail, bartek);
    const client = new Client(app);
    await passwordStep(client);
    const options = (
      await client.post('/api/auth/mfa/passkey/options', { user_id: user.id })
    ).json();
    const foreign = bob.authenticator.get(options);
    const answer = await client.post('/api/auth/mfa/passkey/verify', {
      user_id: user.id,
      response: foreign,
    });
    expect(answer.json()).toEqual(INVALID_PASSKEY);

    const second = (
      await client.post('/api/auth/mfa/passkey/options', { user_id: user.id })
    ).json();
    const response = authenticator.get(second);
    const ok = await client.post('/api/auth/mfa/passkey/verify', { user_id: user.id, response });
    expect(ok.statusCode).toBe(200);
    // A new password step (its code e-mail waits out the resend pause), and the old answer replayed.
    clock.advance(61_000);
    const later = new Client(app);
    await passwordStep(later);
    const replay = await later.post('/api/auth/mfa/passkey/verify', { user_id: user.id, response });
    expect(replay.json()).toEqual(INVALID_PASSKEY);
  });

  it('one password step opens one session: two keys answering at the same moment give one 200', async () => {
    const { app, user, client: owner } = await alaWithPasskeyAndMfa();
    // A synced passkey sends counter 0, so only the password step can stop the second answer.
    const synced = new SoftwareAuthenticator(false);
    expect((await addPasskey(owner, synced, 'Telefon')).statusCode).toBe(200);
    const client = new Client(app);
    await passwordStep(client);
    const challenges = await Promise.all(
      [1, 2].map(async () =>
        (await client.post('/api/auth/mfa/passkey/options', { user_id: user.id })).json(),
      ),
    );
    const answers = await Promise.all(
      challenges.map((options) =>
        client.post('/api/auth/mfa/passkey/verify', {
          user_id: user.id,
          response: synced.get(options),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)?.json()).toEqual(INVALID_PASSKEY);
    const opened = await app.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    // The registration's session and this sign-in's.
    expect(opened).toHaveLength(2);
  });

  it('keeps second-factor and passwordless challenges apart', async () => {
    const { app, user, authenticator } = await alaWithPasskeyAndMfa();
    const client = new Client(app);
    await passwordStep(client);
    const secondFactor = (
      await client.post('/api/auth/mfa/passkey/options', { user_id: user.id })
    ).json();
    const passwordless = await client.post('/api/auth/passkey/verify', {
      response: authenticator.get(secondFactor),
    });
    expect(passwordless.json()).toEqual(INVALID_PASSKEY);
    const signIn = (await client.post('/api/auth/passkey/options')).json();
    const mixed = await client.post('/api/auth/mfa/passkey/verify', {
      user_id: user.id,
      response: authenticator.get(signIn),
    });
    expect(mixed.json()).toEqual(INVALID_PASSKEY);
  });

  it('is not offered to a user without passkeys', async () => {
    const app = await ctx.app();
    const { client, user } = await registerUser(app, ctx.mail, ala);
    await enableMfa(client, ctx.mail, ala.email);
    const browser = new Client(app);
    expect((await passwordStep(browser)).methods).toEqual(['email']);
    const options = await browser.post('/api/auth/mfa/passkey/options', { user_id: user.id });
    expect(options.json()).toEqual(INVALID_PASSKEY);
  });

  it('locks the account after 10 failed passkey answers, even in parallel', async () => {
    const { app, user, authenticator } = await alaWithPasskeyAndMfa();
    const client = new Client(app);
    await passwordStep(client);
    const optionsList = await Promise.all(
      Array.from({ length: 12 }, async () =>
        (await client.post('/api/auth/mfa/passkey/options', { user_id: user.id })).json(),
      ),
    );
    const answers = await Promise.all(
      optionsList.map((options) =>
        client.post('/api/auth/mfa/passkey/verify', {
          user_id: user.id,
          response: authenticator.get(options, { rpId: 'evil.example' }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });
});
