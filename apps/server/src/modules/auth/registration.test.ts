import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext } from '../../../test/helpers';
import { emailCodes, users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const alice = { username: 'Alicja', email: 'alicja@example.com', password: 'Sekretne-Haslo-42' };

describe('registration', () => {
  it('e-mails a code that creates the account and logs in', async () => {
    const client = new Client(await ctx.app());
    const sent = await client.post('/api/auth/register', alice);
    expect(sent.statusCode).toBe(200);
    const mail = await ctx.mail.last(alice.email);
    expect(mail.subject).toBe('Kod weryfikacyjny rejestracji');
    const verified = await client.post('/api/auth/verify-email', {
      ...alice,
      code: codeFrom(mail),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({
      username: 'Alicja',
      email: alice.email,
      is_admin: false,
      mfa_enabled: false,
    });
    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { username: 'Alicja' }, isStaff: false });
  });

  it('stores only a hash of the code', async () => {
    const client = new Client(await ctx.app());
    await client.post('/api/auth/register', alice);
    const code = codeFrom(await ctx.mail.last(alice.email));
    const rows = await ctx.database.db.select().from(emailCodes);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a duplicate username or e-mail ignoring case with 409 and sends nothing', async () => {
    const app = await ctx.app();
    const client = new Client(app);
    await client.post('/api/auth/register', alice);
    await client.post('/api/auth/verify-email', {
      ...alice,
      code: codeFrom(await ctx.mail.last(alice.email)),
    });
    ctx.mail.clear();
    const sameName = await new Client(app).post('/api/auth/register', {
      ...alice,
      email: 'inny@example.com',
      username: 'ALICJA',
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ error: 'duplicate' });
    const sameMail = await new Client(app).post('/api/auth/register', {
      ...alice,
      username: 'Inna',
      email: 'ALICJA@example.com',
    });
    expect(sameMail.statusCode).toBe(409);
    expect(ctx.mail.messages).toHaveLength(0);
  });

  it('validates username, e-mail and password on the server', async () => {
    const client = new Client(await ctx.app());
    for (const bad of [
      { ...alice, username: 'ab' },
      { ...alice, username: 'ma spację' },
      { ...alice, email: 'nie-email' },
      { ...alice, password: '12345' },
      { ...alice, password: 'x'.repeat(129) },
    ]) {
      const response = await client.post('/api/auth/register', bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    }
    expect(ctx.mail.messages).toHaveLength(0);
  });

  it('refuses one of the most common passwords with weak_password', async () => {
    const client = new Client(await ctx.app());
    const response = await client.post('/api/auth/register', { ...alice, password: 'qwerty123' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'weak_password' });
  });

  it('answers invalid_code for a wrong code and kills the code after five tries', async () => {
    const client = new Client(await ctx.app());
    await client.post('/api/auth/register', alice);
    const code = codeFrom(await ctx.mail.last(alice.email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await client.post('/api/auth/verify-email', { ...alice, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_code' });
    }
    const right = await client.post('/api/auth/verify-email', { ...alice, code });
    expect(right.statusCode).toBe(400);
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('a resend voids the previous code', async () => {
    const client = new Client(await ctx.app());
    await client.post('/api/auth/register', alice);
    const first = codeFrom(await ctx.mail.last(alice.email));
    ctx.mail.clear();
    await client.post('/api/auth/register', alice);
    const second = codeFrom(await ctx.mail.last(alice.email));
    if (first !== second) {
      const old = await client.post('/api/auth/verify-email', { ...alice, code: first });
      expect(old.statusCode).toBe(400);
    }
    const fresh = await client.post('/api/auth/verify-email', { ...alice, code: second });
    expect(fresh.statusCode).toBe(200);
  });

  it('a code expires after 10 minutes', async () => {
    const clock = new TestClock();
    const client = new Client(await ctx.app({ clock }));
    await client.post('/api/auth/register', alice);
    const code = codeFrom(await ctx.mail.last(alice.email));
    clock.advance(10 * 60_000 + 1);
    const late = await client.post('/api/auth/verify-email', { ...alice, code });
    expect(late.json()).toEqual({ error: 'invalid_code' });
  });

  it('a code is bound to the username it was sent for', async () => {
    const client = new Client(await ctx.app());
    await client.post('/api/auth/register', alice);
    const code = codeFrom(await ctx.mail.last(alice.email));
    const other = await client.post('/api/auth/verify-email', { ...alice, username: 'Ktos', code });
    expect(other.json()).toEqual({ error: 'invalid_code' });
  });

  it('a code is single use', async () => {
    const app = await ctx.app();
    const client = new Client(app);
    await client.post('/api/auth/register', alice);
    const code = codeFrom(await ctx.mail.last(alice.email));
    expect((await client.post('/api/auth/verify-email', { ...alice, code })).statusCode).toBe(200);
    const replay = await new Client(app).post('/api/auth/verify-email', { ...alice, code });
    expect(replay.statusCode).toBe(400);
  });

  it('sends at most 3 codes a minute per address, then 429 with Retry-After and no mail', async () => {
    const clock = new TestClock();
    const client = new Client(await ctx.app({ clock }));
    for (let i = 0; i < 3; i++)
      expect((await client.post('/api/auth/register', alice)).statusCode).toBe(200);
    const fourth = await client.post('/api/auth/register', alice);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ error: 'rate_limited' });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(ctx.mail.messages).toHaveLength(3);
    clock.advance(61_000);
    expect((await client.post('/api/auth/register', alice)).statusCode).toBe(200);
  });

  it('sends at most 10 codes an hour per address', async () => {
    const clock = new TestClock();
    const client = new Client(await ctx.app({ clock }));
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/auth/register', alice)).statusCode).toBe(200);
      clock.advance(61_000);
    }
    expect((await client.post('/api/auth/register', alice)).statusCode).toBe(429);
  });

  it('two parallel registrations of one username give one account', async () => {
    const app = await ctx.app();
    const a = new Client(app);
    const b = new Client(app);
    const other = { ...alice, email: 'druga@example.com' };
    await a.post('/api/auth/register', alice);
    const codeA = codeFrom(await ctx.mail.last(alice.email));
    await b.post('/api/auth/register', other);
    const codeB = codeFrom(await ctx.mail.last(other.email));
    const results = await Promise.all([
      a.post('/api/auth/verify-email', { ...alice, code: codeA }),
      b.post('/api/auth/verify-email', { ...other, code: codeB }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.database.db.select().from(users)).toHaveLength(1);
  });

  it('three parallel verifications with the right code give one account and one session', async () => {
    const app = await ctx.app();
    const client = new Client(app);
    await client.post('/api/auth/register', alice);
    const code = codeFrom(await ctx.mail.last(alice.email));
    const results = await Promise.all(
      [0, 1, 2].map(() => new Client(app).post('/api/auth/verify-email', { ...alice, code })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await ctx.database.db.select().from(users)).toHaveLength(1);
    const { sessions } = await import('../../db/schema/index');
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
  });

  it('a failed e-mail send answers email_failed and leaves no code behind', async () => {
    const client = new Client(await ctx.app({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } }));
    const response = await client.post('/api/auth/register', alice);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'email_failed' });
    expect(await ctx.database.db.select().from(emailCodes)).toHaveLength(0);
  });

  it('makes an account listed in ADMIN_EMAILS an admin', async () => {
    const client = new Client(await ctx.app({ env: { ADMIN_EMAILS: 'ALICJA@example.com' } }));
    await client.post('/api/auth/register', alice);
    const verified = await client.post('/api/auth/verify-email', {
      ...alice,
      code: codeFrom(await ctx.mail.last(alice.email)),
    });
    expect(verified.json().user.is_admin).toBe(true);
    expect((await client.get('/api/auth/me')).json().isStaff).toBe(true);
  });
});
