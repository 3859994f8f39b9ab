import { SESSION_IDLE_MS, SESSION_REMEMBER_MS } from '@studio/shared/limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Client, codeFrom, createTestContext, registerUser } from '../../../test/helpers';
import { securityLog, sessions, users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { passwords } from './passwords';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const bob = { username: 'Bartek', email: 'bartek@example.com', password: 'Sekretne-Haslo-42' };

async function setup(options: { clock?: TestClock; env?: Record<string, string> } = {}) {
  const clock = options.clock ?? new TestClock(Date.now());
  const app = await ctx.app({ clock, ...(options.env ? { env: options.env } : {}) });
  await registerUser(app, ctx.mail, bob);
  return { app, clock };
}

/** The Set-Cookie line of one cookie, e.g. `sid` or `__Host-signed_in`. */
function setCookieLine(response: { headers: Record<string, unknown> }, name: string): string {
  const lines = [response.headers['set-cookie'] ?? []].flat().map(String);
  return lines.find((line) => line.startsWith(`${name}=`)) ?? '';
}

function sessionCookie(response: { cookies: unknown }) {
  return (response.cookies as Array<{ name: string; expires?: Date; httpOnly?: boolean }>).find(
    (c) => c.name === 'sid',
  );
}

describe('login', () => {
  it('accepts the username or the e-mail in any letter case', async () => {
    const { app } = await setup();
    for (const identifier of ['bartek', 'BARTEK@example.COM', ' Bartek ']) {
      const client = new Client(app);
      const response = await client.post('/api/auth/login', {
        identifier,
        password: bob.password,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ username: 'Bartek', mfa_enabled: false });
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    }
  });

  it('answers 401 invalid_credentials for a wrong password or an unknown user', async () => {
    const { app } = await setup();
    const wrong = await new Client(app).post('/api/auth/login', {
      identifier: 'bartek',
      password: 'zle-haslo-123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_credentials' });
    const unknown = await new Client(app).post('/api/auth/login', {
      identifier: 'nikt',
      password: 'zle-haslo-123',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'invalid_credentials' });
  });

  it('answers 400 missing_credentials when a field is missing or empty', async () => {
    const { app } = await setup();
    for (const body of [{}, { identifier: 'bartek' }, { identifier: '', password: 'x' }]) {
      const response = await new Client(app).post('/api/auth/login', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'missing_credentials' });
    }
  });

  it('spends a full password check on an unknown user, so timing does not reveal accounts', async () => {
    const { app } = await setup();
    const spy = vi.spyOn(passwords, 'verify');
    await new Client(app).post('/api/auth/login', { identifier: 'nikt', password: 'abcdef1' });
    // verifyAgainstDummy runs a real argon2 verification of a dummy hash.
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    spy.mockRestore();
  });

  it('stores passwords as argon2id with at least 19 MiB, t=2, p=1', async () => {
    await setup();
    const [row] = await ctx.database.db.select().from(users);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('issues a new random token at every login and stores only its hash', async () => {
    const { app } = await setup();
    const first = sessionCookie(
      await new Client(app).post('/api/auth/login', {
        identifier: 'bartek',
        password: bob.password,
      }),
    );
    const second = sessionCookie(
      await new Client(app).post('/api/auth/login', {
        identifier: 'bartek',
        password: bob.password,
      }),
    );
    const a = (first as unknown as { value: string }).value;
    const b = (second as unknown as { value: string }).value;
    expect(a).not.toBe(b);
    // 32 random bytes in base64url.
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    const stored = JSON.stringify(await ctx.database.db.select().from(sessions));
    expect(stored).not.toContain(a);
    expect(stored).not.toContain(b);
  });

  it('without remember-me sets a browser-session cookie that the server drops after 12 idle hours', async () => {
    const { app, clock } = await setup();
    const client = new Client(app);
    const response = await client.post('/api/auth/login', {
      identifier: 'bartek',
      password: bob.password,
    });
    const cookie = sessionCookie(response);
    expect(cookie?.expires).toBeUndefined();
    const sid = setCookieLine(response, 'sid');
    expect(sid).toMatch(/HttpOnly/);
    expect(sid).toMatch(/SameSite=Lax/);
    expect(sid).toMatch(/Path=\//);
    expect(sid).not.toMatch(/Secure/);
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    // Use slides the idle window forward.
    clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    clock.advance(SESSION_IDLE_MS + 1000);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('with remember-me sets a 30-day cookie that is extended on use', async () => {
    const { app, clock } = await setup();
    const client = new Client(app);
    const response = await client.post('/api/auth/login', {
      identifier: 'bartek',
      password: bob.password,
      rememberMe: true,
    });
    const expires = sessionCookie(response)?.expires as Date;
    expect(expires.getTime() - clock.now().getTime()).toBeGreaterThan(SESSION_REMEMBER_MS - 5000);
    clock.advance(20 * 24 * 3_600_000);
    const later = await client.get('/api/auth/me');
    expect(later.statusCode).toBe(200);
    const renewed = sessionCookie(later)?.expires as Date;
    expect(renewed.getTime()).toBeGreaterThan(expires.getTime());
    clock.advance(20 * 24 * 3_600_000);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('uses a Secure __Host- cookie when PUBLIC_URL is https', async () => {
    const app = await ctx.app({ env: { PUBLIC_URL: 'https://studio.example' } });
    const client = new Client(app, { origin: 'https://studio.example' });
    await client.post('/api/auth/register', bob);
    const code = codeFrom(await ctx.mail.last(bob.email));
    const response = await client.post('/api/auth/verify-email', { ...bob, code });
    expect(setCookieLine(response, '__Host-sid')).toMatch(/^__Host-sid=[^;]+;.*Secure/);
    expect(setCookieLine(response, '__Host-signed_in')).toMatch(/^__Host-signed_in=1;.*Secure/);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('logout deletes the session on the server, not only the cookie', async () => {
    const { app } = await setup();
    const client = new Client(app);
    const login = await client.post('/api/auth/login', {
      identifier: 'bartek',
      password: bob.password,
    });
    const token = (sessionCookie(login) as unknown as { value: string }).value;
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    // A stolen copy of the cookie is worthless after logout.
    const replay = await app.inject({ url: '/api/auth/me', cookies: { sid: token } });
    expect(replay.statusCode).toBe(401);
  });

  it('sets a script-readable signed-in hint with the session and clears it at logout or when the session is gone', async () => {
    const { app, clock } = await setup();
    const client = new Client(app);
    const login = await client.post('/api/auth/login', {
      identifier: 'bartek',
      password: bob.password,
      rememberMe: true,
    });
    const hint = setCookieLine(login, 'signed_in');
    // No secret in it, and not HttpOnly: the page reads it to decide whether to ask `me`.
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/Expires=/);
    expect(setCookieLine(await client.post('/api/auth/logout'), 'signed_in')).toMatch(
      /^signed_in=;.*Expires=Thu, 01 Jan 1970/,
    );

    const other = new Client(app);
    await other.post('/api/auth/login', { identifier: 'bartek', password: bob.password });
    clock.advance(SESSION_IDLE_MS + 1000);
    const expired = await other.get('/api/auth/me');
    expect(expired.statusCode).toBe(401);
    expect(setCookieLine(expired, 'signed_in')).toMatch(/^signed_in=;/);
    expect(setCookieLine(expired, 'sid')).toMatch(/^sid=;/);
  });

  it('me answers 401 unauthorized without a session or with a forged token', async () => {
    const { app } = await setup();
    expect((await app.inject({ url: '/api/auth/me' })).json()).toEqual({ error: 'unauthorized' });
    const forged = await app.inject({ url: '/api/auth/me', cookies: { sid: 'x'.repeat(43) } });
    expect(forged.statusCode).toBe(401);
  });

  it('throttles 10 failed logins per address per 15 minutes with 429 and Retry-After', async () => {
    const { app, clock } = await setup();
    const attacker = new Client(app);
    for (let i = 0; i < 10; i++) {
      const r = await attacker.post('/api/auth/login', {
        identifier: 'bartek',
        password: 'zle-haslo-123',
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/login', {
      identifier: 'bartek',
      password: bob.password,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'rate_limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(15 * 60_000 + 1000);
    const after = await attacker.post('/api/auth/login', {
      identifier: 'bartek',
      password: bob.password,
    });
    expect(after.statusCode).toBe(200);
  });

  it('throttles 10 failed logins per address across accounts', async () => {
    const { app } = await setup();
    for (let i = 0; i < 10; i++) {
      await new Client(app).post('/api/auth/login', {
        identifier: `nikt${i}`,
        password: 'zle-haslo-123',
      });
    }
    const blocked = await new Client(app).post('/api/auth/login', {
      identifier: 'bartek',
      password: bob.password,
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const { app } = await setup();
    // Without TRUST_PROXY a client cannot dodge the per-address limit by inventing addresses.
    for (let i = 0; i < 10; i++) {
      await new Client(app).post(
        '/api/auth/login',
        { identifier: `nikt${i}`, password: 'zle-haslo-123' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
    }
    const blocked = await new Client(app).post(
      '/api/auth/login',
      { identifier: 'bartek', password: bob.password },
      { 'x-forwarded-for': '203.0.113.99' },
    );
    expect(blocked.statusCode).toBe(429);

    const proxied = await ctx.app({ env: { TRUST_PROXY: '1' } });
    for (let i = 0; i < 10; i++) {
      await new Client(proxied).post(
        '/api/auth/login',
        { identifier: `nikt${i}`, password: 'zle-haslo-123' },
        { 'x-forwarded-for': '203.0.113.7' },
      );
    }
    const otherClient = await new Client(proxied).post(
      '/api/auth/login',
      { identifier: 'bartek', password: bob.password },
      { 'x-forwarded-for': '203.0.113.8' },
    );
    expect(otherClient.statusCode).toBe(200);
    const [entry] = await ctx.database.db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'login'))
      .orderBy(securityLog.id);
    expect(entry).toBeDefined();
  });

  it('records logins and failures in the security log with address and user agent', async () => {
    const { app } = await setup();
    await new Client(app).post(
      '/api/auth/login',
      { identifier: 'bartek', password: 'zle-haslo-123' },
      { 'user-agent': 'TestBrowser/1.0' },
    );
    await new Client(app).post(
      '/api/auth/login',
      { identifier: 'bartek', password: bob.password },
      { 'user-agent': 'TestBrowser/1.0' },
    );
    const rows = await ctx.database.db.select().from(securityLog).orderBy(securityLog.id);
    const events = rows.map((r) => r.event);
    expect(events).toEqual(expect.arrayContaining(['register', 'login_failed', 'login']));
    const failed = rows.find((r) => r.event === 'login_failed');
    expect(failed).toMatchObject({ ip: '127.0.0.1', userAgent: 'TestBrowser/1.0' });
    expect(failed?.createdAt).toBeInstanceOf(Date);
    expect(JSON.stringify(rows)).not.toContain('zle-haslo-123');
  });
});
