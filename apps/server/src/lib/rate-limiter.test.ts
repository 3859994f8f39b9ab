import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TestClock } from './clock';
import { consume, MemoryRateLimiter } from './rate-limiter';

const MINUTE = 60_000;
const HOUR = 3_600_000;

function parallel<T>(count: number, call: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => call(index)));
}

/** Heap in use after a full collection, so garbage does not count as growth. */
function liveHeap(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

const admitted = (waits: readonly number[]) => waits.filter((wait) => wait === 0).length;

describe('MemoryRateLimiter', () => {
  it('a burst of parallel calls gets exactly the limit, not one more', async () => {
    const limiter = new MemoryRateLimiter(new TestClock());
    const waits = await parallel(50, () =>
      consume(limiter, 'code-send:a@x.pl', [{ limit: 3, windowMs: MINUTE }]),
    );
    expect(admitted(waits)).toBe(3);
    expect(Math.min(...waits.filter((wait) => wait > 0))).toBe(MINUTE);
  });

  it('a multi-limit consume is all-or-nothing: a call refused by one limit counts under none', async () => {
    const clock = new TestClock();
    const limiter = new MemoryRateLimiter(clock);
    const limits = [
      { limit: 3, windowMs: MINUTE },
      { limit: 5, windowMs: HOUR },
    ];
    expect(admitted(await parallel(20, () => consume(limiter, 'send', limits)))).toBe(3);
    clock.advance(MINUTE);
    // The 17 refused calls left no trace under the hourly limit: 2 of its 5 remain.
    expect(admitted(await parallel(20, () => consume(limiter, 'send', limits)))).toBe(2);
    clock.advance(MINUTE);
    expect(await consume(limiter, 'send', limits)).toBe(HOUR - 2 * MINUTE);
  });

  it('keeps at most maxKeys keys under 1,000,000 distinct keys, and the newest still count', async () => {
    const limiter = new MemoryRateLimiter(new TestClock(), { maxKeys: 50_000 });
    const heapBefore = liveHeap();
    for (let i = 0; i < 1_000_000; i++) {
      await limiter.hit(`reset-request:${i}@attacker.example`, 3, HOUR);
    }
    expect(limiter.size).toBeLessThanOrEqual(50_000);
    // 50,000 keys take about 20 MB; a million, without the cap, take about 400 MB.
    const growth = liveHeap() - heapBefore;
    expect(growth).toBeLessThan(40 * 1024 * 1024);
    const newest = 'reset-request:999999@attacker.example';
    await limiter.hit(newest, 3, HOUR);
    await limiter.hit(newest, 3, HOUR);
    expect(await limiter.hit(newest, 3, HOUR)).toBeGreaterThan(0);
  });

  it('stores a long client-chosen key as a fixed-size hash', async () => {
    const limiter = new MemoryRateLimiter(new TestClock());
    const long = `reset-request:${'x'.repeat(240)}@x.pl`;
    expect(await limiter.hit(long, 1, MINUTE)).toBe(0);
    expect(await limiter.hit(long, 1, MINUTE)).toBe(MINUTE);
    expect(await limiter.hit(`${long}.`, 1, MINUTE)).toBe(0);
  });

  it('eviction drops the key whose newest event is oldest: it forgets, it never refuses more', async () => {
    const clock = new TestClock();
    const limiter = new MemoryRateLimiter(clock, { maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) {
      await limiter.hit(key, 1, HOUR);
      clock.advance(1000);
    }
    await limiter.hit('a', 1, HOUR); // refused, so `a` keeps its old place
    await limiter.hit('d', 1, HOUR);
    expect(limiter.size).toBe(3);
    expect(await limiter.peek('a', 1, HOUR)).toBe(0);
    expect(await limiter.peek('b', 1, HOUR)).toBeGreaterThan(0);
    expect(await limiter.peek('d', 1, HOUR)).toBeGreaterThan(0);
  });

  it('sweeps a key once its own window has passed, while a longer window keeps its key', async () => {
    const clock = new TestClock();
    const limiter = new MemoryRateLimiter(clock);
    await limiter.hit('login-fail:ip:1', 10, HOUR);
    for (let i = 0; i < 1000; i++) {
      await consume(limiter, `code-send:${i}@x.pl`, [{ limit: 3, windowMs: MINUTE }]);
    }
    expect(limiter.size).toBe(1001);
    clock.advance(MINUTE + 1);
    // Each call drops a bounded number of expired keys, so no call walks the whole map.
    for (let i = 0; i < 40; i++) await limiter.peek('other', 1, MINUTE);
    expect(limiter.size).toBe(1);
    expect(await limiter.peek('login-fail:ip:1', 1, HOUR)).toBe(HOUR - MINUTE - 1);
  });

  it('a reserved try refuses parallel tries beyond the budget; release gives it back', async () => {
    const limiter = new MemoryRateLimiter(new TestClock());
    const buckets = [
      { key: 'login-fail:acct:7', limit: 10, windowMs: 15 * MINUTE },
      { key: 'login-fail:ip:1.2.3.4', limit: 10, windowMs: 15 * MINUTE },
    ];
    const reservations = await parallel(30, () => limiter.reserve(buckets));
    const granted = reservations.filter((r) => r.retryAfterMs === 0);
    expect(granted).toHaveLength(10);
    // Successes give their try back (twice is harmless): the budget is whole again.
    await Promise.all(granted.map((r) => r.release()));
    await Promise.all(granted.map((r) => r.release()));
    const again = await parallel(30, () => limiter.reserve(buckets));
    expect(again.filter((r) => r.retryAfterMs === 0)).toHaveLength(10);
  });

  it('a reserve refused by one bucket counts under none', async () => {
    const limiter = new MemoryRateLimiter(new TestClock());
    await limiter.hit('acct', 1, MINUTE);
    const refused = await limiter.reserve([
      { key: 'acct', limit: 1, windowMs: MINUTE },
      { key: 'ip', limit: 1, windowMs: MINUTE },
    ]);
    expect(refused.retryAfterMs).toBe(MINUTE);
    await refused.release();
    expect(await limiter.peek('ip', 1, MINUTE)).toBe(0);
    expect(await limiter.peek('acct', 1, MINUTE)).toBe(MINUTE);
  });

  it('peek counts nothing, hit counts, reset forgets', async () => {
    const clock = new TestClock();
    const limiter = new MemoryRateLimiter(clock);
    for (let i = 0; i < 5; i++) expect(await limiter.peek('k', 2, MINUTE)).toBe(0);
    expect(await limiter.hit('k', 2, MINUTE)).toBe(0);
    clock.advance(1000);
    expect(await limiter.hit('k', 2, MINUTE)).toBe(0);
    expect(await limiter.hit('k', 2, MINUTE)).toBe(MINUTE - 1000);
    expect(await limiter.peek('k', 2, MINUTE)).toBe(MINUTE - 1000);
    await limiter.reset('k');
    expect(limiter.size).toBe(0);
    expect(await limiter.hit('k', 2, MINUTE)).toBe(0);
  });
});
