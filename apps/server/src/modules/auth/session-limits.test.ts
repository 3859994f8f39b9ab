import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser } from '../../../test/helpers';
import { sessions } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { MAX_SESSIONS_PER_USER, SESSION_ABSOLUTE_MS } from './sessions';

/** Finding 33 (and 10): sessions per user are bounded, and remember-me has an end. */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const DAY_MS = 24 * 60 * 60 * 1000;

async function login(client: Client, rememberMe = false) {
  const response = await client.post('/api/auth/login', {
    identifier: 'olek',
    password: 'Sekretne-Haslo-42',
    rememberMe,
  });
  expect(response.statusCode).toBe(200);
}

describe('sessions', () => {
  it(`keeps at most ${MAX_SESSIONS_PER_USER} per user: a login ends the least recently used`, async () => {
    const clock = new TestClock(Date.now());
    const app = await ctx.app({ clock });
    const { client: first, user } = await registerUser(app, ctx.mail, {
      username: 'olek',
      email: 'olek@example.com',
    });
    const others: Client[] = [];
    for (let i = 1; i < MAX_SESSIONS_PER_USER; i++) {
      clock.advance(1000);
      const other = new Client(app);
      await login(other);
      others.push(other);
    }
    // The registration session is used again, so the second one is now the oldest in use.
    clock.advance(61_000);
    expect((await first.get('/api/auth/me')).statusCode).toBe(200);
    clock.advance(1000);
    await login(new Client(app));
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(MAX_SESSIONS_PER_USER);
    expect((await others[0]!.get('/api/auth/me')).statusCode).toBe(401);
    expect((await others[1]!.get('/api/auth/me')).statusCode).toBe(200);
    expect((await first.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('ends a remembered session 90 days after its login, however often it is used', async () => {
    const clock = new TestClock(Date.now());
    const app = await ctx.app({ clock });
    await registerUser(app, ctx.mail, { username: 'olek', email: 'olek@example.com' });
    const client = new Client(app);
    await login(client, true);
    let elapsed = 0;
    while (elapsed + 20 * DAY_MS < SESSION_ABSOLUTE_MS) {
      clock.advance(20 * DAY_MS);
      elapsed += 20 * DAY_MS;
      expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    }
    clock.advance(SESSION_ABSOLUTE_MS - elapsed + 1000);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('records a logout in the security log', async () => {
    const app = await ctx.app();
    const { client, user } = await registerUser(app, ctx.mail, {
      username: 'olek',
      email: 'olek@example.com',
    });
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    const rows = await ctx.database.db.query.securityLog.findMany();
    expect(rows.filter((r) => r.event === 'logout').map((r) => r.userId)).toEqual([user.id]);
  });
});
