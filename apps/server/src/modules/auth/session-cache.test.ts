import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser, resetTokenFrom } from '../../../test/helpers';
import { users } from '../../db/schema/index';
import { MemoryEventBus } from '../../events/bus';
import { TestClock } from '../../lib/clock';
import { type CachedSession, SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

/** Two instances on one database; with `sharedBus` they hear each other's events. */
async function twoInstances(sharedBus: boolean) {
  const clock = new TestClock(Date.now());
  const bus = new MemoryEventBus();
  const first = await ctx.app({ clock, bus });
  const second = await ctx.app({ clock, bus: sharedBus ? bus : new MemoryEventBus() });
  const { client, user } = await registerUser(first, ctx.mail, {
    username: 'Celina',
    email: 'celina@example.com',
  });
  /** The same browser, its requests routed to the second instance. */
  const elsewhere = new Client(second);
  for (const [name, value] of client.cookies) elsewhere.cookies.set(name, value);
  // The second instance has now read (and cached) the session.
  expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(200);
  return { clock, first, client, elsewhere, user };
}

describe('cached sessions', () => {
  it('a logout on one instance ends the session on the other at once', async () => {
    const { client, elsewhere } = await twoInstances(true);
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    // `elsewhere` still sends the old cookie, as a stolen copy would.
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('a password reset on one instance ends the sessions cached on the other', async () => {
    const { first, elsewhere } = await twoInstances(true);
    const stranger = new Client(first);
    ctx.mail.clear();
    await stranger.post('/api/auth/password-reset/request', { email: 'celina@example.com' });
    const token = resetTokenFrom(await ctx.mail.last('celina@example.com'));
    const reset = await stranger.post('/api/auth/password-reset/confirm', {
      token,
      password: 'Nowe-Haslo-Celiny-7',
    });
    expect(reset.statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('a new username shows on the other instance at once', async () => {
    const { client, elsewhere } = await twoInstances(true);
    await client.post('/api/profile/username', { username: 'CelinaNowa' });
    expect((await elsewhere.get('/api/auth/me')).json().user.username).toBe('CelinaNowa');
  });

  it('without any event, a change is read again after the cache lifetime', async () => {
    const { clock, client, elsewhere, user } = await twoInstances(false);
    // As the admin command does, in another process: straight into the database.
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    clock.advance(SESSION_CACHE_TTL_MS + 1);
    expect((await elsewhere.get('/api/auth/me')).json().isStaff).toBe(true);
    // And a logout heard by nobody else still ends the session there within the lifetime.
    await client.post('/api/auth/logout');
    clock.advance(SESSION_CACHE_TTL_MS + 1);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const session = (sessionId: number, userId: number) =>
    ({
      sessionId,
      user: { id: userId },
      isPersistent: false,
      lastUsedAt: new Date(),
      expiresAt: new Date(),
    }) as unknown as CachedSession;

  it('does not keep a read that was on its way when an event ended the session', () => {
    const cache = new SessionCache();
    const readBegan = cache.generation;
    // The logout is applied while the database read is still running…
    cache.forget({ type: 'session-ended', sessionId: 1 });
    // …so what that read found must not be trusted afterwards.
    cache.set('hash', session(1, 7), 0, readBegan);
    expect(cache.get('hash', 0)).toBeNull();
    cache.set('hash', session(1, 7), 0, cache.generation);
    expect(cache.get('hash', 0)).not.toBeNull();
  });

  it('drops by session id or by user id, and entries expire after their lifetime', () => {
    const cache = new SessionCache();
    cache.set('a', session(1, 7), 0, cache.generation);
    cache.set('b', session(2, 7), 0, cache.generation);
    cache.set('c', session(3, 8), 0, cache.generation);
    cache.forget({ type: 'session-ended', sessionId: 1 });
    expect(cache.get('a', 0)).toBeNull();
    cache.forget({ type: 'user-changed', userId: 7 });
    expect(cache.get('b', 0)).toBeNull();
    expect(cache.get('c', SESSION_CACHE_TTL_MS)).not.toBeNull();
    expect(cache.get('c', SESSION_CACHE_TTL_MS + 1)).toBeNull();
  });
});
