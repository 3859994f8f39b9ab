import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser, resetTokenFrom } from '../../../test/helpers';
import { passwordResetTokens } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const ewa = { username: 'ewa', email: 'ewa@example.com', password: 'Sekretne-Haslo-42' };
const NEW_PASSWORD = 'Nowe-Haslo-2026';

async function setup() {
  const clock = new TestClock(Date.now());
  const app = await ctx.app({ clock });
  const { client } = await registerUser(app, ctx.mail, ewa);
  ctx.mail.clear();
  return { app, clock, owner: client };
}

async function requestReset(client: Client, email = ewa.email) {
  const response = await client.post('/api/auth/password-reset/request', { email });
  expect(response.statusCode).toBe(200);
  return response;
}

const login = (client: Client, password: string) =>
  client.post('/api/auth/login', { identifier: ewa.username, password });

describe('password reset', () => {
  it('e-mails a link built from PUBLIC_URL that sets a new password once', async () => {
    const { app } = await setup();
    const client = new Client(app);
    await requestReset(client);
    const mail = await ctx.mail.last(ewa.email);
    expect(mail.subject).toBe('Reset hasła');
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/m);
    const token = resetTokenFrom(mail);
    const confirmed = await client.post('/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await login(new Client(app), ewa.password)).statusCode).toBe(401);
    expect((await login(new Client(app), NEW_PASSWORD)).statusCode).toBe(200);
    const again = await client.post('/api/auth/password-reset/confirm', {
      token,
      password: 'Trzecie-Haslo-1',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_token' });
  });

  it('answers identically for an unknown address and sends nothing', async () => {
    const { app } = await setup();
    const known = await requestReset(new Client(app));
    const unknown = await requestReset(new Client(app), 'nikt@example.com');
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    await ctx.mail.last(ewa.email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.mail.messages.map((m) => m.to)).toEqual([ewa.email]);
  });

  it('never builds the link from a forged Host header', async () => {
    const { app } = await setup();
    await new Client(app).post(
      '/api/auth/password-reset/request',
      { email: ewa.email },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    const mail = await ctx.mail.last(ewa.email);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
  });

  it('stores only a hash of the token', async () => {
    const { app } = await setup();
    await requestReset(new Client(app));
    const token = resetTokenFrom(await ctx.mail.last(ewa.email));
    const rows = await ctx.database.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('a link expires after 1 hour', async () => {
    const { app, clock } = await setup();
    await requestReset(new Client(app));
    const token = resetTokenFrom(await ctx.mail.last(ewa.email));
    clock.advance(60 * 60_000 + 1000);
    const late = await new Client(app).post('/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
    });
    expect(late.json()).toEqual({ error: 'invalid_token' });
    expect((await login(new Client(app), ewa.password)).statusCode).toBe(200);
  });

  it('a new request voids the older link', async () => {
    const { app } = await setup();
    await requestReset(new Client(app));
    const older = resetTokenFrom(await ctx.mail.last(ewa.email));
    ctx.mail.clear();
    await requestReset(new Client(app));
    const newer = resetTokenFrom(await ctx.mail.last(ewa.email));
    const client = new Client(app);
    expect(
      (
        await client.post('/api/auth/password-reset/confirm', {
          token: older,
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await client.post('/api/auth/password-reset/confirm', {
          token: newer,
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('two parallel uses of one link: exactly one succeeds', async () => {
    const { app } = await setup();
    await requestReset(new Client(app));
    const token = resetTokenFrom(await ctx.mail.last(ewa.email));
    const results = await Promise.all(
      ['Pierwsze-Haslo-1', 'Drugie-Haslo-22'].map((password) =>
        new Client(app).post('/api/auth/password-reset/confirm', { token, password }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('logs out every session of the user, as the terms promise', async () => {
    const { app, owner } = await setup();
    const other = new Client(app);
    expect((await login(other, ewa.password)).statusCode).toBe(200);
    await requestReset(new Client(app));
    const token = resetTokenFrom(await ctx.mail.last(ewa.email));
    await new Client(app).post('/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
    });
    expect((await owner.get('/api/auth/me')).statusCode).toBe(401);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('refuses a short or common new password and keeps the link usable', async () => {
    const { app } = await setup();
    await requestReset(new Client(app));
    const token = resetTokenFrom(await ctx.mail.last(ewa.email));
    const client = new Client(app);
    const short = await client.post('/api/auth/password-reset/confirm', {
      token,
      password: '12345',
    });
    expect(short.json().error).toBe('validation_failed');
    const common = await client.post('/api/auth/password-reset/confirm', {
      token,
      password: 'password1',
    });
    expect(common.json()).toEqual({ error: 'weak_password' });
    const ok = await client.post('/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a made-up token answers invalid_token', async () => {
    const { app } = await setup();
    const response = await new Client(app).post('/api/auth/password-reset/confirm', {
      token: 'A'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_token' });
  });

  it('limits reset e-mails to 3 a minute per address with 429', async () => {
    const { app } = await setup();
    for (let i = 0; i < 3; i++) await requestReset(new Client(app));
    const fourth = await new Client(app).post('/api/auth/password-reset/request', {
      email: ewa.email,
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
  });
});
