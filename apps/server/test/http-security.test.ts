import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app';
import { users } from '../src/db/schema/index';
import { Client, codeFrom, createTestContext, ORIGIN, registerUser, testConfig } from './helpers';
import { createTicket, quickUser } from './tickets-helpers';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const hana = { username: 'hana', email: 'hana@example.com', password: 'Sekretne-Haslo-42' };

describe('cross-site request protection', () => {
  it('refuses a state-changing call from a foreign Origin with 403 and no side effect', async () => {
    const app = await ctx.app();
    const attacker = new Client(app, { origin: 'https://evil.example' });
    const response = await attacker.post('/api/auth/register', hana);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'forbidden' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ctx.mail.messages).toHaveLength(0);
  });

  it('refuses a logged-in victim’s cross-site username change', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, hana);
    const forged = await client.post(
      '/api/profile/username',
      { username: 'przejete' },
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
    expect((await client.get('/api/auth/me')).json().user.username).toBe('hana');
  });

  it('without Origin accepts only Sec-Fetch-Site: same-origin', async () => {
    const app = await ctx.app();
    const none = new Client(app, {});
    expect((await none.post('/api/auth/logout')).statusCode).toBe(403);
    const crossSite = new Client(app, { 'sec-fetch-site': 'cross-site' });
    expect((await crossSite.post('/api/auth/logout')).statusCode).toBe(403);
    const sameOrigin = new Client(app, { 'sec-fetch-site': 'same-origin' });
    expect((await sameOrigin.post('/api/auth/logout')).statusCode).toBe(200);
  });

  it('accepts JSON calls only as application/json (no form or text/plain posts)', async () => {
    const app = await ctx.app();
    for (const [type, payload] of [
      ['text/plain', JSON.stringify(hana)],
      ['application/x-www-form-urlencoded', 'username=hana&email=hana%40example.com&password=x'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin: ORIGIN, 'content-type': type },
        payload,
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ error: 'unsupported_media_type' });
    }
    expect(ctx.mail.messages).toHaveLength(0);
  });
});

describe('responses', () => {
  it('sends security headers with a CSP that forbids framing', async () => {
    const app = await ctx.app();
    const page = await app.inject({ url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A JSON call: a shorter set that allows nothing to render at all.
    const api = await app.inject({ url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    for (const response of [page, api]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      // HSTS only over https (tested with an https PUBLIC_URL in login.test.ts).
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('the reset page itself is served with Referrer-Policy: no-referrer', async () => {
    const app = await ctx.app();
    const response = await app.inject({ url: '/reset-password?token=abc' });
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('health says the server and its database are up, and nothing about which database', async () => {
    const app = await ctx.app();
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.body).not.toMatch(/pglite|postgres/i);
  });

  it('bad JSON is a 400 with a code, never a stack trace', async () => {
    const app = await ctx.app();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{"identifier": ',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['error']);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('an unexpected failure answers 500 internal without details', async () => {
    const app = await ctx.app();
    app.get('/api/test-explode', async () => {
      throw new Error('secret internal detail');
    });
    const response = await app.inject({ url: '/api/test-explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal' });
    expect(response.body).not.toContain('secret internal detail');
  });

  it('unknown API paths answer 404 not_found as JSON', async () => {
    const app = await ctx.app();
    const response = await app.inject({ url: '/api/nie-ma' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found' });
  });

  it('validation errors carry details', async () => {
    const app = await ctx.app();
    const response = await new Client(app).post('/api/auth/register', {
      username: 'a',
      email: 'nie-email',
      password: '1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('validation_failed');
    expect(response.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['username', 'email', 'password']),
    );
  });
});

describe('logs', () => {
  it('never contain passwords, codes, tokens or cookies', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = testConfig({ SMTP_URL: ctx.mail.url, LOG_LEVEL: 'trace' });
    const logger = pino(loggerOptions(config), sink);
    const app = await ctx.app({ config, loggerInstance: logger });
    const client = new Client(app);
    await client.post('/api/auth/register', hana);
    const code = codeFrom(await ctx.mail.last(hana.email));
    await client.post('/api/auth/verify-email', { ...hana, code });
    await client.post('/api/auth/login', { identifier: 'hana', password: hana.password });
    const sid = client.cookies.get('sid') as string;
    await client.post('/api/auth/password-reset/request', { email: hana.email });
    const mail = await ctx.mail.last(hana.email);
    const token = mail.text.match(/token=([\w-]+)/)?.[1] as string;
    await client.get(`/reset-password?token=${token}`);
    await client.post('/api/auth/password-reset/confirm', { token, password: 'Inne-Haslo-77' });
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [hana.password, 'Inne-Haslo-77', code, sid, token]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('admins', () => {
  it('ADMIN_EMAILS makes a matching verified account an admin at start', async () => {
    const app = await ctx.app();
    await registerUser(app, ctx.mail, hana);
    const restarted = await ctx.app({
      env: { ADMIN_EMAILS: 'HANA@example.com, szef@example.com' },
    });
    const login = await new Client(restarted).post('/api/auth/login', {
      identifier: 'hana',
      password: hana.password,
    });
    expect(login.json().user.is_admin).toBe(true);
    const [row] = await ctx.database.db.select().from(users);
    expect(row?.isAdmin).toBe(true);
  });

  it('ADMIN_EMAILS never makes an unverified guest (an address staff typed in for a caller) an admin', async () => {
    const app = await ctx.app();
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const created = await createTicket(admin.client, {
      body: 'Rozmowa telefoniczna',
      extra: { customer_email: 'szef@example.com' },
    });
    expect(created.statusCode).toBe(201);
    await ctx.app({ env: { ADMIN_EMAILS: 'szef@example.com' } });
    const [guest] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'szef@example.com'));
    expect(guest).toMatchObject({ isAdmin: false, emailVerifiedAt: null });
  });
});
