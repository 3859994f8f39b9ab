import type { AccountChange } from '@studio/shared/account-lock';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CapturedMail,
  Client,
  codeFrom,
  createTestContext,
  ORIGIN,
  registerUser,
  resetTokenFrom,
} from '../../../test/helpers';
import { mailTitled, settle } from '../../../test/mail-helpers';
import { addPasskey, signInWithPasskey } from '../../../test/passkey-helpers';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { appCode, STEP_MS } from '../../../test/totp-helpers';
import {
  accountLockTokens,
  passkeys,
  recoveryCodes,
  securityLog,
  users,
  userTotp,
} from '../../db/schema/index';
import { MemoryEventBus } from '../../events/bus';
import { TestClock } from '../../lib/clock';
import { ACCOUNT_CHANGE_SUBJECTS } from '../../mail/account-security-templates';

/**
 * Account-change alerts and „To nie ja” (DESIGN.md §7.7, security review N2
 * and N3): every change of how the account signs in or where its mail goes
 * is mailed at once with a lock link; the link ends every session, undoes
 * what the mail names and locks the password until a reset by e-mail.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const ala = { username: 'ala', email: 'ala@example.com' };
const PASSWORD = 'Sekretne-Haslo-42';
const NEW_PASSWORD = 'Zupelnie-Nowe-Haslo-77';
const WINDOW_MS = 600_000;
const DAY_MS = 24 * 60 * 60 * 1000;

async function start() {
  const clock = new TestClock(Date.UTC(2026, 10, 27, 12, 0, 10));
  const app = await ctx.app({ clock });
  return { app, clock };
}

function lockTokenFrom(mail: CapturedMail): string {
  const match = mail.text.match(
    /^To nie ja: http:\/\/localhost:3000\/security\/lock\?token=([\w-]{43})$/m,
  );
  if (!match?.[1]) throw new Error(`no lock link in e-mail: ${mail.text}`);
  expect(mail.html).toContain(`href="${ORIGIN}/security/lock?token=${match[1]}"`);
  return match[1];
}

/** Exactly one alert of this change reached `to` (and none of it went anywhere else). */
async function theOneAlert(to: string, change: AccountChange): Promise<CapturedMail> {
  const subject = ACCOUNT_CHANGE_SUBJECTS[change];
  const mail = await mailTitled(ctx.mail, to, subject);
  await settle();
  expect(ctx.mail.messages.filter((m) => m.subject === subject).map((m) => m.to)).toEqual([to]);
  return mail;
}

const lock = (app: FastifyInstance, token: string) =>
  new Client(app).post('/api/security/lock', { token });

const login = (app: FastifyInstance, password: string, identifier = ala.username) =>
  new Client(app).post('/api/auth/login', { identifier, password });

async function resetPassword(app: FastifyInstance, email: string, password: string) {
  const client = new Client(app);
  // The link is mailed in the background: wait for this very one.
  await settle();
  ctx.mail.clear();
  expect((await client.post('/api/auth/password-reset/request', { email })).statusCode).toBe(200);
  const token = resetTokenFrom(await mailTitled(ctx.mail, email, 'Reset hasła'));
  const confirmed = await client.post('/api/auth/password-reset/confirm', { token, password });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** Turns the app on through the profile calls; answers its secret. */
async function turnAppOn(client: Client, clock: TestClock) {
  const { secret } = (await client.post('/api/profile/totp/setup')).json() as { secret: string };
  const confirmed = await client.post('/api/profile/totp/confirm', {
    code: appCode(secret, clock),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  clock.advance(STEP_MS);
  return secret;
}

/** Each change of §7.7, made through the API by a signed-in owner; answers where the alert goes. */
const CHANGES: Array<{
  change: AccountChange;
  make: (input: { app: FastifyInstance; client: Client; clock: TestClock }) => Promise<string>;
}> = [
  {
    change: 'password_changed',
    make: async ({ client }) => {
      const changed = await client.post('/api/profile/password', {
        current_password: PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expect(changed.statusCode).toBe(200);
      return ala.email;
    },
  },
  {
    change: 'email_changed',
    make: async ({ client }) => {
      const asked = await client.post('/api/profile/email', {
        new_email: 'ala.nowa@example.com',
        password: PASSWORD,
      });
      expect(asked.statusCode).toBe(200);
      const code = codeFrom(await ctx.mail.last('ala.nowa@example.com'));
      expect((await client.post('/api/profile/email/confirm', { code })).statusCode).toBe(200);
      return ala.email;
    },
  },
  {
    change: 'passkey_added',
    make: async ({ client }) => {
      expect((await addPasskey(client, new SoftwareAuthenticator())).statusCode).toBe(200);
      return ala.email;
    },
  },
  {
    change: 'passkey_removed',
    make: async ({ client }) => {
      const added = await addPasskey(client, new SoftwareAuthenticator());
      const removed = await client.request(
        'DELETE',
        `/api/profile/passkeys/${added.json().passkey.id}`,
      );
      expect(removed.statusCode).toBe(200);
      return ala.email;
    },
  },
  {
    change: 'totp_enabled',
    make: async ({ client, clock }) => {
      await turnAppOn(client, clock);
      return ala.email;
    },
  },
  {
    change: 'totp_disabled',
    make: async ({ client, clock }) => {
      const secret = await turnAppOn(client, clock);
      const off = await client.post('/api/profile/totp/disable', { code: appCode(secret, clock) });
      expect(off.statusCode).toBe(200);
      return ala.email;
    },
  },
  {
    change: 'recovery_codes_regenerated',
    make: async ({ client, clock }) => {
      const secret = await turnAppOn(client, clock);
      const fresh = await client.post('/api/profile/recovery-codes', {
        code: appCode(secret, clock),
      });
      expect(fresh.statusCode).toBe(200);
      return ala.email;
    },
  },
  {
    change: 'email_codes_enabled',
    make: async ({ client }) => {
      expect((await client.post('/api/profile/mfa/enable/request')).statusCode).toBe(200);
      const code = codeFrom(await ctx.mail.last(ala.email));
      expect((await client.post('/api/profile/mfa/enable/confirm', { code })).statusCode).toBe(200);
      return ala.email;
    },
  },
  {
    change: 'email_codes_disabled',
    make: async ({ client }) => {
      await client.post('/api/profile/mfa/enable/request');
      const on = codeFrom(await ctx.mail.last(ala.email));
      expect((await client.post('/api/profile/mfa/enable/confirm', { code: on })).statusCode).toBe(
        200,
      );
      await client.post('/api/profile/mfa/disable/request');
      const off = codeFrom(await ctx.mail.last(ala.email));
      expect(
        (await client.post('/api/profile/mfa/disable/confirm', { code: off })).statusCode,
      ).toBe(200);
      return ala.email;
    },
  },
];

describe('account-change alerts', () => {
  for (const { change, make } of CHANGES) {
    it(`${change}: exactly one mail to the account's address (the old one for an e-mail change), whose „To nie ja” locks the account`, async () => {
      const { app, clock } = await start();
      const { client, user } = await registerUser(app, ctx.mail, ala);
      const to = await make({ app, client, clock });
      const mail = await theOneAlert(to, change);
      expect(mail.text).toContain('Kiedy: 27 listopada 2026 13:');
      expect(mail.text).toContain('Adres IP: 127.0.0.1');
      expect(mail.text).toContain('Przeglądarka: ');
      const token = lockTokenFrom(mail);
      const [row] = await ctx.database.db
        .select()
        .from(accountLockTokens)
        .where(eq(accountLockTokens.change, change));
      // Only the hash is stored; the link lives 7 days.
      expect(row?.tokenHash).not.toBe(token);
      expect(row?.expiresAt.getTime()).toBe(row!.createdAt.getTime() + 7 * DAY_MS);
      const locked = await lock(app, token);
      expect([locked.statusCode, locked.json()]).toEqual([200, { ok: true }]);
      expect((await client.get('/api/auth/me')).statusCode).toBe(401);
      const [after] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(after?.passwordLockedAt).not.toBeNull();
    });
  }

  it('a password reset by e-mail is mailed too, with „To nie ja”', async () => {
    const { app } = await start();
    await registerUser(app, ctx.mail, ala);
    await resetPassword(app, ala.email, NEW_PASSWORD);
    const mail = await theOneAlert(ala.email, 'password_changed');
    expect(mail.text).toContain('przez link z e-maila');
    expect((await lock(app, lockTokenFrom(mail))).statusCode).toBe(200);
    expect((await login(app, NEW_PASSWORD)).json()).toEqual({ error: 'password_reset_required' });
  });
});

describe('POST /api/security/lock', () => {
  async function lockedOwner() {
    const { app, clock } = await start();
    const { client, user } = await registerUser(app, ctx.mail, ala);
    const other = new Client(app);
    expect(
      (await other.post('/api/auth/login', { identifier: ala.email, password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const authenticator = new SoftwareAuthenticator();
    const added = await addPasskey(client, authenticator, 'Obcy klucz');
    const token = lockTokenFrom(await theOneAlert(ala.email, 'passkey_added'));
    return {
      app,
      clock,
      client,
      other,
      user,
      token,
      authenticator,
      passkeyId: added.json().passkey.id as number,
    };
  }

  it('ends every session, removes the named passkey, and the password then answers 403 password_reset_required until a reset by e-mail', async () => {
    const { app, client, other, user, token, authenticator, passkeyId } = await lockedOwner();
    // A GET of the page changes nothing: the link in a mail preview does not lock.
    await new Client(app).get(`/security/lock?token=${token}`);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);

    expect((await lock(app, token)).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(passkeys).where(eq(passkeys.id, passkeyId))).toEqual(
      [],
    );
    const { answer } = await signInWithPasskey(app, authenticator);
    expect(answer.statusCode).toBe(400);

    const refused = await login(app, PASSWORD);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { error: 'password_reset_required' },
    ]);
    // A wrong password says nothing of the lock.
    const wrong = await login(app, 'Zle-Haslo-00');
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { error: 'invalid_credentials' }]);

    await resetPassword(app, ala.email, NEW_PASSWORD);
    expect((await login(app, NEW_PASSWORD)).statusCode).toBe(200);
    const events = await ctx.database.db
      .select()
      .from(securityLog)
      .where(eq(securityLog.userId, user.id));
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['account_locked', 'login_locked']),
    );
  });

  it('a link works once: a second click, an expired link and a made-up one are 400 invalid_token', async () => {
    const { app, clock, token } = await lockedOwner();
    const replay = async () => lock(app, token);
    expect((await replay()).statusCode).toBe(200);
    expect((await replay()).json()).toEqual({ error: 'invalid_token' });
    const made = await lock(app, 'A'.repeat(43));
    expect([made.statusCode, made.json()]).toEqual([400, { error: 'invalid_token' }]);

    // A fresh alert, clicked after its 7 days.
    ctx.mail.clear();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'bartek',
      email: 'bartek@example.com',
    });
    await addPasskey(client, new SoftwareAuthenticator());
    const late = lockTokenFrom(await theOneAlert('bartek@example.com', 'passkey_added'));
    clock.advance(7 * DAY_MS + 1_000);
    expect((await lock(app, late)).json()).toEqual({ error: 'invalid_token' });
    // Nothing was locked: the password still signs in.
    expect((await login(app, PASSWORD, 'bartek')).statusCode).toBe(200);
  });

  it('ends the sessions at once on every instance', async () => {
    const clock = new TestClock(Date.UTC(2026, 10, 27, 12, 0, 10));
    const bus = new MemoryEventBus();
    const first = await ctx.app({ clock, bus });
    const second = await ctx.app({ clock, bus });
    const { client } = await registerUser(first, ctx.mail, ala);
    const elsewhere = new Client(second);
    for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(200);
    await addPasskey(client, new SoftwareAuthenticator());
    const token = lockTokenFrom(await theOneAlert(ala.email, 'passkey_added'));
    expect((await new Client(first).post('/api/security/lock', { token })).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('made-up tokens are throttled per address (10 in 15 minutes), parallel ones included', async () => {
    const { app } = await start();
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => lock(app, `made-up-token-${i}-xxxxxxxxxxxx`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(4).fill(429)]);
  });

  it('checks the Origin like every state-changing call', async () => {
    const { app, client, token } = await lockedOwner();
    const foreign = await new Client(app, { origin: 'https://evil.example' }).post(
      '/api/security/lock',
      { token },
    );
    expect(foreign.statusCode).toBe(403);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('an app turned on: the lock removes it with its recovery codes, and after the reset the password alone signs in', async () => {
    const { app, clock } = await start();
    const { client, user } = await registerUser(app, ctx.mail, ala);
    await turnAppOn(client, clock);
    const token = lockTokenFrom(await theOneAlert(ala.email, 'totp_enabled'));
    expect((await lock(app, token)).statusCode).toBe(200);
    const db = ctx.database.db;
    expect(await db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual(
      [],
    );
    await resetPassword(app, ala.email, NEW_PASSWORD);
    const signedIn = await login(app, NEW_PASSWORD);
    expect(signedIn.json().user?.username).toBe('ala');
  });

  it('an e-mail change: the lock puts the old address back, so the reset reaches the owner', async () => {
    const { app } = await start();
    const { client, user } = await registerUser(app, ctx.mail, ala);
    await client.post('/api/profile/email', {
      new_email: 'zlodziej@example.com',
      password: PASSWORD,
    });
    const code = codeFrom(await ctx.mail.last('zlodziej@example.com'));
    expect((await client.post('/api/profile/email/confirm', { code })).statusCode).toBe(200);
    const token = lockTokenFrom(await theOneAlert(ala.email, 'email_changed'));
    expect((await lock(app, token)).statusCode).toBe(200);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.email).toBe(ala.email);
    await resetPassword(app, ala.email, NEW_PASSWORD);
    expect((await login(app, NEW_PASSWORD, ala.email)).statusCode).toBe(200);
  });
});

describe('the takeover chains of the review', () => {
  it('N2: a stolen session cannot add a passkey; one added within the window is mailed, and „To nie ja” removes it', async () => {
    const { app, clock } = await start();
    const { client: owner, user } = await registerUser(app, ctx.mail, ala);
    // The thief holds only a copy of the owner's cookie.
    const thief = new Client(app);
    for (const [name, value] of owner.cookies) thief.cookies.set(name, value);
    clock.advance(WINDOW_MS + 1_000);
    const options = await thief.post('/api/profile/passkeys/options');
    expect([options.statusCode, options.json()]).toEqual([403, { error: 'reauth_required' }]);
    expect(
      await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id)),
    ).toEqual([]);

    // A cookie stolen right after the sign-in is still within the window: the
    // passkey is added, but the owner is told at once and the link undoes it.
    const fresh = new Client(app);
    await fresh.post('/api/auth/login', { identifier: ala.username, password: PASSWORD });
    const stolen = new Client(app);
    for (const [name, value] of fresh.cookies) stolen.cookies.set(name, value);
    const thiefKey = new SoftwareAuthenticator();
    expect((await addPasskey(stolen, thiefKey, 'Laptop')).statusCode).toBe(200);
    const token = lockTokenFrom(await theOneAlert(ala.email, 'passkey_added'));
    expect((await lock(app, token)).statusCode).toBe(200);
    expect((await stolen.get('/api/auth/me')).statusCode).toBe(401);
    expect((await signInWithPasskey(app, thiefKey)).answer.statusCode).toBe(400);
  });

  it('N3: a stolen session cannot turn the app on; the owner still signs in with the password alone', async () => {
    const { app, clock } = await start();
    const { client: owner, user } = await registerUser(app, ctx.mail, ala);
    const thief = new Client(app);
    for (const [name, value] of owner.cookies) thief.cookies.set(name, value);
    clock.advance(WINDOW_MS + 1_000);
    const setup = await thief.post('/api/profile/totp/setup');
    expect([setup.statusCode, setup.json()]).toEqual([403, { error: 'reauth_required' }]);
    const confirm = await thief.post('/api/profile/totp/confirm', { code: '123456' });
    expect([confirm.statusCode, confirm.json()]).toEqual([403, { error: 'reauth_required' }]);
    expect(
      await ctx.database.db.select().from(userTotp).where(eq(userTotp.userId, user.id)),
    ).toEqual([]);
    const signIn = await login(app, PASSWORD);
    expect(signIn.json().mfa_required).toBeUndefined();
    expect(signIn.json().user?.username).toBe('ala');
  });
});
