import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext, registerUser } from '../../../test/helpers';
import { sessions } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const celina = { username: 'celina', email: 'celina@example.com', password: 'Sekretne-Haslo-42' };

/** An account with 2FA turned on through the profile calls. */
async function setupWithMfa(clock = new TestClock(Date.now())) {
  const app = await ctx.app({ clock });
  const { client, user } = await registerUser(app, ctx.mail, celina);
  expect((await client.post('/api/profile/mfa/enable/request')).statusCode).toBe(200);
  const mail = await ctx.mail.last(celina.email);
  expect(mail.subject).toBe('Włączenie weryfikacji dwuetapowej');
  const confirmed = await client.post('/api/profile/mfa/enable/confirm', { code: codeFrom(mail) });
  expect(confirmed.statusCode).toBe(200);
  expect((await client.get('/api/auth/me')).json().user.mfa_enabled).toBe(true);
  ctx.mail.clear();
  return { app, clock, userId: user.id, owner: client };
}

async function passwordStep(client: Client, rememberMe = false) {
  const response = await client.post('/api/auth/login', {
    identifier: celina.username,
    password: celina.password,
    rememberMe,
  });
  expect(response.statusCode).toBe(200);
  return response;
}

describe('two-factor login', () => {
  it('the password step answers mfa_required and sets no session', async () => {
    const { app, userId } = await setupWithMfa();
    const client = new Client(app);
    const response = await passwordStep(client);
    expect(response.json()).toEqual({ mfa_required: true, user_id: userId, methods: ['email'] });
    expect(client.cookies.has('sid')).toBe(false);
    expect(client.cookies.has('mfa_pending')).toBe(true);
    expect(response.headers['set-cookie']).toMatch(/mfa_pending=[^;]+;.*HttpOnly/);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const mail = await ctx.mail.last(celina.email);
    expect(mail.subject).toBe('Kod logowania');
  });

  it('the e-mailed code finishes the login and issues a session', async () => {
    const { app, userId } = await setupWithMfa();
    const client = new Client(app);
    await passwordStep(client);
    const code = codeFrom(await ctx.mail.last(celina.email));
    const verified = await client.post('/api/auth/mfa/verify', { userId, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ ok: true, user: { username: 'celina' } });
    expect(client.cookies.has('mfa_pending')).toBe(false);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('knowing user_id and the code is not enough without the pending cookie of that browser', async () => {
    const { app, userId } = await setupWithMfa();
    await passwordStep(new Client(app));
    const code = codeFrom(await ctx.mail.last(celina.email));
    const attacker = new Client(app);
    const stolen = await attacker.post('/api/auth/mfa/verify', { userId, code });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ error: 'invalid_code' });
    expect(attacker.cookies.has('sid')).toBe(false);
  });

  it('a wrong code answers invalid_code and a code is single use', async () => {
    const { app, userId } = await setupWithMfa();
    const client = new Client(app);
    await passwordStep(client);
    const code = codeFrom(await ctx.mail.last(celina.email));
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await client.post('/api/auth/mfa/verify', { userId, code: wrong })).json()).toEqual({
      error: 'invalid_code',
    });
    const pending = client.cookies.get('mfa_pending') as string;
    expect((await client.post('/api/auth/mfa/verify', { userId, code })).statusCode).toBe(200);
    // Replaying the same code with the same pending cookie does not log in again.
    const replay = await app.inject({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      headers: { origin: 'http://localhost:3000' },
      cookies: { mfa_pending: pending },
      payload: { userId, code },
    });
    expect(replay.statusCode).toBe(400);
  });

  it('resend e-mails a new code and voids the old one', async () => {
    const { app, clock, userId } = await setupWithMfa();
    const client = new Client(app);
    await passwordStep(client);
    const first = codeFrom(await ctx.mail.last(celina.email));
    ctx.mail.clear();
    clock.advance(61_000); // registration, enabling and login already sent 3 codes this minute
    expect((await client.post('/api/auth/mfa/resend', { userId })).statusCode).toBe(200);
    const second = codeFrom(await ctx.mail.last(celina.email));
    if (first !== second) {
      const old = await client.post('/api/auth/mfa/verify', { userId, code: first });
      expect(old.statusCode).toBe(400);
    }
    expect((await client.post('/api/auth/mfa/verify', { userId, code: second })).statusCode).toBe(
      200,
    );
  });

  it('resend without the pending cookie sends nothing', async () => {
    const { app, userId } = await setupWithMfa();
    const response = await new Client(app).post('/api/auth/mfa/resend', { userId });
    expect(response.statusCode).toBe(400);
    expect(ctx.mail.messages).toHaveLength(0);
  });

  it('the pending step expires after 10 minutes', async () => {
    const { app, clock, userId } = await setupWithMfa();
    const client = new Client(app);
    await passwordStep(client);
    const code = codeFrom(await ctx.mail.last(celina.email));
    clock.advance(10 * 60_000 + 1000);
    expect((await client.post('/api/auth/mfa/verify', { userId, code })).statusCode).toBe(400);
  });

  it('remember-me carries through the code step to a persistent cookie', async () => {
    const { app, userId } = await setupWithMfa();
    const client = new Client(app);
    await passwordStep(client, true);
    const code = codeFrom(await ctx.mail.last(celina.email));
    const verified = await client.post('/api/auth/mfa/verify', { userId, code, rememberMe: true });
    expect(String(verified.headers['set-cookie'])).toMatch(/sid=[^;]+;.*Expires=/);
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows.some((s) => s.isPersistent)).toBe(true);
  });

  it('10 failed codes in an hour lock 2FA verification for 15 minutes, even for the right code', async () => {
    const { app, clock, userId } = await setupWithMfa();
    let client = new Client(app);
    // Each pending step allows 5 tries; a fresh password step gives a fresh code.
    for (let round = 0; round < 2; round++) {
      clock.advance(61_000); // stay under the 3 code e-mails a minute
      client = new Client(app);
      await passwordStep(client);
      for (let i = 0; i < 5; i++) {
        const r = await client.post('/api/auth/mfa/verify', { userId, code: '999999' });
        expect([400, 429]).toContain(r.statusCode);
      }
    }
    clock.advance(61_000);
    client = new Client(app);
    await passwordStep(client);
    const code = codeFrom(await ctx.mail.last(celina.email));
    const locked = await client.post('/api/auth/mfa/verify', { userId, code });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(15 * 60_000);
    const fresh = new Client(app);
    await passwordStep(fresh);
    const later = codeFrom(await ctx.mail.last(celina.email));
    expect((await fresh.post('/api/auth/mfa/verify', { userId, code: later })).statusCode).toBe(
      200,
    );
  });
});

describe('2FA in the profile', () => {
  it('disabling needs an e-mailed code and then logins need no code', async () => {
    const { app, owner } = await setupWithMfa();
    expect((await owner.post('/api/profile/mfa/disable/request')).statusCode).toBe(200);
    const mail = await ctx.mail.last(celina.email);
    expect(mail.subject).toBe('Wyłączenie weryfikacji dwuetapowej');
    const wrong = await owner.post('/api/profile/mfa/disable/confirm', { code: '12345x' });
    expect(wrong.json()).toEqual({ error: 'invalid_code' });
    expect((await owner.get('/api/auth/me')).json().user.mfa_enabled).toBe(true);
    expect(
      (await owner.post('/api/profile/mfa/disable/confirm', { code: codeFrom(mail) })).statusCode,
    ).toBe(200);
    expect((await owner.get('/api/auth/me')).json().user.mfa_enabled).toBe(false);
    const client = new Client(app);
    const login = await client.post('/api/auth/login', {
      identifier: celina.email,
      password: celina.password,
    });
    expect(login.json().user).toBeDefined();
  });

  it('resend voids the previous enable code', async () => {
    const clock = new TestClock(Date.now());
    const app = await ctx.app({ clock });
    const { client } = await registerUser(app, ctx.mail, celina);
    await client.post('/api/profile/mfa/enable/request');
    const first = codeFrom(await ctx.mail.last(celina.email));
    ctx.mail.clear();
    await client.post('/api/profile/mfa/enable/resend');
    const second = codeFrom(await ctx.mail.last(celina.email));
    if (first !== second) {
      expect(
        (await client.post('/api/profile/mfa/enable/confirm', { code: first })).statusCode,
      ).toBe(400);
    }
    expect(
      (await client.post('/api/profile/mfa/enable/confirm', { code: second })).statusCode,
    ).toBe(200);
  });

  it('a code for enabling cannot be used to disable, nor by another user', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, celina);
    const other = await registerUser(app, ctx.mail, {
      username: 'darek',
      email: 'darek@example.com',
    });
    await client.post('/api/profile/mfa/enable/request');
    const code = codeFrom(await ctx.mail.last(celina.email));
    expect((await client.post('/api/profile/mfa/disable/confirm', { code })).statusCode).toBe(400);
    expect((await other.client.post('/api/profile/mfa/enable/confirm', { code })).statusCode).toBe(
      400,
    );
    expect((await other.client.get('/api/auth/me')).json().user.mfa_enabled).toBe(false);
  });

  it('every profile 2FA call needs a session', async () => {
    const app = await ctx.app();
    for (const path of [
      '/api/profile/mfa/enable/request',
      '/api/profile/mfa/enable/resend',
      '/api/profile/mfa/enable/confirm',
      '/api/profile/mfa/disable/request',
      '/api/profile/mfa/disable/resend',
      '/api/profile/mfa/disable/confirm',
    ]) {
      const response = await new Client(app).post(path, { code: '123456' });
      expect(response.statusCode, path).toBe(401);
    }
    expect(ctx.mail.messages).toHaveLength(0);
  });
});
