import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser } from '../../../test/helpers';
import {
  addPasskey,
  ala,
  bartek,
  INVALID_PASSKEY,
  signInWithPasskey,
  userWithPasskey,
} from '../../../test/passkey-helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { passkeys, webauthnChallenges } from '../../db/schema/index';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

describe('passkey attacks on registration', () => {
  it("refuses an answer to another user's challenge, and leaves that challenge to its user", async () => {
    const app = await ctx.app();
    const alice = await registerUser(app, ctx.mail, ala);
    const bob = await registerUser(app, ctx.mail, bartek);
    const bobsOptions = (await bob.client.post('/api/profile/passkeys/options')).json();
    // Ala's browser answers Bartek's challenge, to plant her key in his account or hers.
    const response = new SoftwareAuthenticator().create(bobsOptions);
    const answer = await alice.client.post('/api/profile/passkeys', { name: 'Cudzy', response });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(INVALID_PASSKEY);
    expect(await ctx.database.db.select().from(passkeys)).toEqual([]);
    // Bartek's own answer still works: the foreign try did not use his challenge up.
    const own = await bob.client.post('/api/profile/passkeys', {
      name: 'Mój',
      response: new SoftwareAuthenticator().create(bobsOptions),
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses an attestation for another origin or RP ID, and a reused challenge', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, ala);
    const authenticator = new SoftwareAuthenticator();
    for (const bend of [{ origin: 'https://kontakt.evil.example' }, { rpId: 'evil.example' }]) {
      const answer = await addPasskey(client, authenticator, 'Zły', bend);
      expect(answer.statusCode, JSON.stringify(bend)).toBe(400);
      expect(answer.json()).toEqual(INVALID_PASSKEY);
    }
    const options = (await client.post('/api/profile/passkeys/options')).json();
    const first = await client.post('/api/profile/passkeys', {
      name: 'Raz',
      response: authenticator.create(options),
    });
    expect(first.statusCode).toBe(200);
    const replay = await client.post('/api/profile/passkeys', {
      name: 'Dwa',
      response: authenticator.create(options),
    });
    expect(replay.json()).toEqual(INVALID_PASSKEY);
    expect((await client.get('/api/profile/passkeys')).json().passkeys).toHaveLength(1);
  });

  it('refuses the same credential twice (409), even for another account', async () => {
    const app = await ctx.app();
    const alice = await userWithPasskey(app, ctx.mail, ala);
    const bob = await registerUser(app, ctx.mail, bartek);
    const options = (await bob.client.post('/api/profile/passkeys/options')).json();
    // A credential with the id of Ala's passkey, and a key of the attacker's choosing.
    const credentialId = alice.authenticator.credentials[0]?.id;
    const stolen = new SoftwareAuthenticator().create(options, { credentialId });
    const answer = await bob.client.post('/api/profile/passkeys', {
      name: 'Kopia',
      response: stolen,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ error: 'duplicate' });
    const rows = await ctx.database.db.select().from(passkeys);
    expect(rows.map((row) => row.userId)).toEqual([alice.user.id]);
  });
});

describe("passkey attacks on another user's list", () => {
  it("answers 404 to renaming or removing another user's passkey, and changes nothing", async () => {
    const app = await ctx.app();
    const alice = await userWithPasskey(app, ctx.mail, ala);
    const bob = await registerUser(app, ctx.mail, bartek);
    const url = `/api/profile/passkeys/${alice.passkeyId}`;
    const renamed = await bob.client.request('PATCH', url, { name: 'Przejęty' });
    expect(renamed.statusCode).toBe(404);
    expect(renamed.json()).toEqual({ error: 'not_found' });
    expect((await bob.client.request('DELETE', url)).statusCode).toBe(404);
    expect((await bob.client.request('DELETE', '/api/profile/passkeys/999999')).statusCode).toBe(
      404,
    );
    expect((await bob.client.get('/api/profile/passkeys')).json()).toEqual({ passkeys: [] });
    expect((await alice.client.get('/api/profile/passkeys')).json().passkeys).toEqual([
      expect.objectContaining({ id: alice.passkeyId, name: 'Laptop' }),
    ]);
  });
});

describe('passkey attacks on sign-in', () => {
  it('refuses a replayed assertion: the challenge is used, and a counter that did not grow', async () => {
    const app = await ctx.app();
    const { authenticator } = await userWithPasskey(app, ctx.mail, ala);
    const client = new Client(app);
    const options = (await client.post('/api/auth/passkey/options')).json();
    const response = authenticator.get(options);
    expect((await client.post('/api/auth/passkey/verify', { response })).statusCode).toBe(200);
    const replay = await new Client(app).post('/api/auth/passkey/verify', { response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(INVALID_PASSKEY);

    // A cloned key signs a fresh challenge with a counter the server has already seen.
    const cloned = await signInWithPasskey(app, authenticator, { counter: 1 });
    expect(cloned.answer.json()).toEqual(INVALID_PASSKEY);
    const fresh = await signInWithPasskey(app, authenticator);
    expect(fresh.answer.statusCode).toBe(200);
  });

  it('refuses the second of two same-counter assertions on two challenges sent at the same moment', async () => {
    const app = await ctx.app();
    const { authenticator, passkeyId } = await userWithPasskey(app, ctx.mail, ala);
    // A cloned key: both copies sign counter 1 on their own sign-in challenge, and race.
    const browsers = [new Client(app), new Client(app)];
    const responses = await Promise.all(
      browsers.map(async (client) =>
        authenticator.get((await client.post('/api/auth/passkey/options')).json(), { counter: 1 }),
      ),
    );
    const answers = await Promise.all(
      browsers.map((client, i) =>
        client.post('/api/auth/passkey/verify', { response: responses[i] }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)?.json()).toEqual(INVALID_PASSKEY);
    const [stored] = await app.deps.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(stored?.counter).toBe(1);
  });

  it('refuses an assertion for another origin, another RP ID, or a forged user handle', async () => {
    const app = await ctx.app();
    const { authenticator } = await userWithPasskey(app, ctx.mail, ala);
    const bob = await registerUser(app, ctx.mail, bartek);
    const bends = [
      { origin: 'https://kontakt.evil.example' },
      { origin: 'http://localhost:3001' },
      { rpId: 'evil.example' },
      { userHandle: Buffer.from(String(bob.user.id)).toString('base64url') },
    ];
    for (const bend of bends) {
      const { client, answer } = await signInWithPasskey(app, authenticator, bend);
      expect(answer.statusCode, JSON.stringify(bend)).toBe(400);
      expect(answer.json()).toEqual(INVALID_PASSKEY);
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    }
  });

  it('refuses a forged signature and an answer to a challenge never issued', async () => {
    const app = await ctx.app();
    const { authenticator } = await userWithPasskey(app, ctx.mail, ala);
    const client = new Client(app);
    const options = (await client.post('/api/auth/passkey/options')).json();
    const forged = authenticator.get(options);
    forged.response.signature = new SoftwareAuthenticator().create({
      challenge: 'x',
      rp: {},
      user: { id: 'eA' },
    }).id;
    expect((await client.post('/api/auth/passkey/verify', { response: forged })).json()).toEqual(
      INVALID_PASSKEY,
    );
    const made = authenticator.get({ challenge: Buffer.from('made up').toString('base64url') });
    expect((await client.post('/api/auth/passkey/verify', { response: made })).json()).toEqual(
      INVALID_PASSKEY,
    );
  });

  it('refuses the credential of a removed passkey', async () => {
    const app = await ctx.app();
    const { client, authenticator, passkeyId } = await userWithPasskey(app, ctx.mail, ala);
    expect((await client.request('DELETE', `/api/profile/passkeys/${passkeyId}`)).statusCode).toBe(
      200,
    );
    const { answer } = await signInWithPasskey(app, authenticator);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(INVALID_PASSKEY);
  });

  it('a registration challenge does not sign in, nor a sign-in challenge register', async () => {
    const app = await ctx.app();
    const { client, authenticator } = await userWithPasskey(app, ctx.mail, ala);
    const registration = (await client.post('/api/profile/passkeys/options')).json();
    const crossed = authenticator.get({ challenge: registration.challenge });
    const answer = await new Client(app).post('/api/auth/passkey/verify', { response: crossed });
    expect(answer.json()).toEqual(INVALID_PASSKEY);
    const signIn = (await new Client(app).post('/api/auth/passkey/options')).json();
    const added = await client.post('/api/profile/passkeys', {
      name: 'Drugi',
      response: new SoftwareAuthenticator().create({
        ...registration,
        challenge: signIn.challenge,
      }),
    });
    expect(added.json()).toEqual(INVALID_PASSKEY);
  });
});

describe('passkey throttles', () => {
  it('admits exactly 30 parallel sign-in option calls from one address, then 429', async () => {
    const app = await ctx.app();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => new Client(app).post('/api/auth/passkey/options')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(
      answers.find((answer) => answer.statusCode === 429)?.headers['retry-after'],
    ).toBeDefined();
    expect(await ctx.database.db.select().from(webauthnChallenges)).toHaveLength(30);
  });

  it('refuses more than 10 failed sign-ins from one address, even in parallel', async () => {
    const app = await ctx.app();
    const { authenticator } = await userWithPasskey(app, ctx.mail, ala);
    const client = new Client(app);
    const optionsList = await Promise.all(
      Array.from({ length: 15 }, async () =>
        (await client.post('/api/auth/passkey/options')).json(),
      ),
    );
    const answers = await Promise.all(
      optionsList.map((options) =>
        client.post('/api/auth/passkey/verify', {
          response: authenticator.get(options, { origin: 'https://evil.example' }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    // The budget is spent: even the right answer waits.
    const { answer } = await signInWithPasskey(app, authenticator);
    expect(answer.statusCode).toBe(429);
  });

  it("limits one user's registration options, even in parallel", async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, ala);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => client.post('/api/profile/passkeys/options')),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(5);
  });

  it('keeps at most 20 passkeys per account', async () => {
    const app = await ctx.app();
    const { client, user } = await registerUser(app, ctx.mail, ala);
    const options = (await client.post('/api/profile/passkeys/options')).json();
    await ctx.database.db.insert(passkeys).values(
      Array.from({ length: 20 }, (_, index) => ({
        userId: user.id,
        credentialId: `credential-${index}`,
        publicKey: 'AA',
        name: `Klucz ${index}`,
        createdAt: new Date(),
      })),
    );
    const refused = await client.post('/api/profile/passkeys/options');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'too_many_passkeys' });
    // An answer to options fetched before the limit was reached is refused too.
    const late = await client.post('/api/profile/passkeys', {
      name: 'Dwudziesty pierwszy',
      response: new SoftwareAuthenticator().create(options),
    });
    expect(late.json()).toEqual({ error: 'too_many_passkeys' });
    const owned = await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(owned).toHaveLength(20);
  });
});
