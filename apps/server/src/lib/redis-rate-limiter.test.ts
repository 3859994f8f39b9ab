import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from './clock';
import { consume } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

// Runs where a Redis server is given (CI starts one); skipped otherwise.
const url = process.env.TEST_REDIS_URL;

describe.skipIf(!url)('RedisRateLimiter', () => {
  let redis: Redis;
  const prefix = `test-${process.pid}-${Date.now()}`;
  beforeAll(() => {
    redis = new Redis(url as string);
  });
  afterAll(async () => {
    const keys = await redis.keys(`ratelimit:${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts events of several instances in one sliding window', async () => {
    const clock = new TestClock();
    // Two limiters, as on two servers, with their own connections.
    const other = new Redis(url as string);
    const a = new RedisRateLimiter(redis, clock);
    const b = new RedisRateLimiter(other, clock);
    const key = `${prefix}:shared`;
    for (let i = 0; i < 3; i++) {
      expect(await consume(i % 2 ? a : b, key, [{ limit: 3, windowMs: 60_000 }])).toBe(0);
      clock.advance(1000);
    }
    const wait = await consume(a, key, [{ limit: 3, windowMs: 60_000 }]);
    // The first event (at t=0) leaves the window at t=60 s; it is now t=3 s.
    expect(wait).toBe(57_000);
    expect(await b.peek(`${key}:60000`, 3, 60_000)).toBe(57_000);
    clock.advance(57_000);
    expect(await consume(b, key, [{ limit: 3, windowMs: 60_000 }])).toBe(0);
    other.disconnect();
  });

  it('a parallel burst from two instances gets exactly the limit, all-or-nothing per limit', async () => {
    const clock = new TestClock();
    const other = new Redis(url as string);
    const instances = [new RedisRateLimiter(redis, clock), new RedisRateLimiter(other, clock)];
    const key = `${prefix}:burst`;
    const limits = [
      { limit: 3, windowMs: 60_000 },
      { limit: 5, windowMs: 3_600_000 },
    ];
    const burst = () =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          consume(instances[i % 2] as RedisRateLimiter, key, limits),
        ),
      );
    expect((await burst()).filter((wait) => wait === 0)).toHaveLength(3);
    clock.advance(60_000);
    // The refused calls left nothing under the hourly limit: 2 of its 5 remain.
    expect((await burst()).filter((wait) => wait === 0)).toHaveLength(2);
    other.disconnect();
  });

  it('reserves tries atomically across keys, gives them back, peeks without counting, resets', async () => {
    const clock = new TestClock();
    const limiter = new RedisRateLimiter(redis, clock);
    const account = `${prefix}:acct`;
    const buckets = [
      { key: account, limit: 10, windowMs: 900_000 },
      { key: `${prefix}:ip`, limit: 10, windowMs: 900_000 },
    ];
    const reservations = await Promise.all(
      Array.from({ length: 30 }, () => limiter.reserve(buckets)),
    );
    const granted = reservations.filter((r) => r.retryAfterMs === 0);
    expect(granted).toHaveLength(10);
    expect(await limiter.peek(account, 10, 900_000)).toBe(900_000);
    expect(await limiter.peek(account, 10, 900_000)).toBe(900_000);
    await Promise.all(granted.map((r) => r.release()));
    await Promise.all(granted.map((r) => r.release()));
    expect(await limiter.peek(account, 1, 900_000)).toBe(0);

    clock.advance(1000);
    expect(await limiter.hit(account, 2, 900_000)).toBe(0);
    clock.advance(1000);
    expect(await limiter.hit(account, 2, 900_000)).toBe(0);
    expect(await limiter.hit(account, 2, 900_000)).toBe(899_000);
    await limiter.reset(account);
    expect(await limiter.hit(account, 2, 900_000)).toBe(0);
  });

  it('falls back to memory when Redis is unreachable, so requests are still served', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    dead.on('error', () => {});
    const limiter = new RedisRateLimiter(dead, new TestClock());
    expect(await consume(limiter, `${prefix}:dead`, [{ limit: 1, windowMs: 60_000 }])).toBe(0);
    expect(
      await consume(limiter, `${prefix}:dead`, [{ limit: 1, windowMs: 60_000 }]),
    ).toBeGreaterThan(0);
    dead.disconnect();
  });
});
