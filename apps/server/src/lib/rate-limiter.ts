import { createHash } from 'node:crypto';
import type { Clock } from './clock';
import { type WindowEntry, WindowQueue } from './rate-limiter-window';

export interface Limit {
  limit: number;
  windowMs: number;
}

/** One counter: at most `limit` events under `key` in any sliding `windowMs`. */
export interface Bucket extends Limit {
  key: string;
}

export interface Reservation {
  /** 0 when the try was counted under every bucket; otherwise ms until it would fit (nothing counted). */
  retryAfterMs: number;
  /** Takes the counted try back, e.g. once the password proved right. Safe to call twice or after a refusal. */
  release(): Promise<void>;
}

/**
 * Sliding-window counters per key. Asynchronous so that a shared store (Redis)
 * can stand in for the in-memory one when several instances run.
 *
 * Every check that leads to a count is ONE atomic step (findings 1, 3, 17, 18
 * of the 2026-11 security review): N parallel calls against a limit of L admit
 * exactly L, because a call that is admitted is counted before any other call
 * is checked. The primitives:
 * - `reserve(buckets)`: checks every bucket and, only if all have room, counts
 *   the try under each. The returned `release()` gives the try back. Throttles
 *   that must count only failures reserve before the expensive check (password,
 *   code) and release on success, so parallel tries beyond the budget are
 *   refused while a success costs nothing.
 * - `hit(key, limit, windowMs)`: one bucket; retry-after ms, 0 = counted.
 * - `consume(key, limits)`: several windows of one key, all-or-nothing.
 * - `peek(key, limit, windowMs)`: read-only retry-after; counts nothing.
 * - `reset(key)`: forgets a key (e.g. the account's failures after a login).
 * A key is counted per window: use one window per key (`consume` suffixes the
 * window to the key for that reason).
 */
export interface RateLimiter {
  reserve(buckets: readonly Bucket[]): Promise<Reservation>;
  hit(key: string, limit: number, windowMs: number): Promise<number>;
  consume(key: string, limits: readonly Limit[]): Promise<number>;
  peek(key: string, limit: number, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Shared shape of both stores: everything but the atomic core is derived here. */
export abstract class BaseRateLimiter implements RateLimiter {
  abstract reserve(buckets: readonly Bucket[]): Promise<Reservation>;
  abstract peek(key: string, limit: number, windowMs: number): Promise<number>;
  abstract reset(key: string): Promise<void>;

  async hit(key: string, limit: number, windowMs: number): Promise<number> {
    return (await this.reserve([{ key, limit, windowMs }])).retryAfterMs;
  }

  async consume(key: string, limits: readonly Limit[]): Promise<number> {
    const buckets = limits.map((limit) => ({ ...limit, key: `${key}:${limit.windowMs}` }));
    return (await this.reserve(buckets)).retryAfterMs;
  }
}

/** Checks every limit and, if all allow it, records the event under each, atomically. */
export function consume(
  limiter: RateLimiter,
  key: string,
  limits: readonly Limit[],
): Promise<number> {
  return limiter.consume(key, limits);
}

/**
 * Keys embed strings a client chose (an e-mail up to 254 characters): long ones
 * are stored as their SHA-256, so each key costs a bounded number of bytes.
 */
export function storageKey(key: string): string {
  if (key.length <= 64) return key;
  return `#${createHash('sha256').update(key).digest('base64url')}`;
}

/** Milliseconds until one more event fits, given the live events (oldest first). */
export function waitFor(live: readonly number[], limit: number, windowMs: number, now: number) {
  if (live.length < limit) return 0;
  const mustExpire = live[live.length - limit];
  if (mustExpire === undefined) return windowMs;
  return Math.max(1, mustExpire + windowMs - now);
}

/** The answer of `reserve`: refused (`wait` > 0, nothing to give back) or granted with its give-back. */
export function reservation(wait: number, giveBack: () => Promise<void>): Reservation {
  if (wait > 0) return { retryAfterMs: wait, release: async () => {} };
  let isReleased = false;
  return {
    retryAfterMs: 0,
    release: async () => {
      if (isReleased) return;
      isReleased = true;
      await giveBack();
    },
  };
}

export interface MemoryRateLimiterOptions {
  /** Most keys kept at once; beyond it the key with the oldest newest event is dropped. */
  maxKeys?: number;
}

/** Events kept per key; only the newest `limit` matter, and no limit here is near it. */
const MAX_EVENTS_PER_KEY = 1000;
/** Expired keys dropped per call at most, so no single call walks the whole map. */
const SWEEP_BUDGET = 32;

/**
 * In-process counters with bounded memory (finding 3):
 * - One map per window length, each in order of its keys' newest event (a
 *   write moves its key to the end). A map's first key is therefore the first
 *   to expire, and every call drops expired keys from the front, at most
 *   SWEEP_BUDGET of them: amortised O(1), since each write is dropped once. A
 *   key goes within one window of its newest event, whatever the other windows.
 * - At most `maxKeys` keys (long ones hashed, see `storageKey`). A new key
 *   beyond the cap evicts the key whose newest event is the oldest, i.e. the
 *   one closest to expiring. Eviction can only make a limit forget events
 *   (allow more, never refuse more), and only after `maxKeys` other keys were
 *   written since that key's newest event, within its window: forgetting one
 *   key costs an attacker `maxKeys` fresh requests, which the per-address
 *   limits in front of unauthenticated endpoints (finding 3) make slow.
 * Window lengths come from code constants, so the number of maps is small.
 * Every method runs synchronously to its end (no `await` inside), which makes
 * each check-and-count atomic within the process.
 */
export class MemoryRateLimiter extends BaseRateLimiter {
  private readonly byWindow = new Map<number, WindowQueue>();
  private keyCount = 0;
  private readonly maxKeys: number;

  constructor(
    private readonly clock: Clock,
    options: MemoryRateLimiterOptions = {},
  ) {
    super();
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  /** Keys held right now (for tests and metrics). */
  get size(): number {
    return this.keyCount;
  }

  async reserve(buckets: readonly Bucket[]): Promise<Reservation> {
    const now = this.tick();
    let wait = 0;
    for (const { key, limit, windowMs } of buckets) {
      wait = Math.max(wait, waitFor(this.live(key, windowMs, now), limit, windowMs, now));
    }
    if (wait > 0) return reservation(wait, async () => {});
    for (const { key, windowMs } of buckets) this.append(key, windowMs, now);
    return reservation(0, async () => {
      for (const { key, windowMs } of buckets) this.remove(key, windowMs, now);
    });
  }

  async peek(key: string, limit: number, windowMs: number): Promise<number> {
    const now = this.tick();
    return waitFor(this.live(key, windowMs, now), limit, windowMs, now);
  }

  async reset(key: string): Promise<void> {
    const stored = storageKey(key);
    for (const queue of this.byWindow.values()) {
      if (queue.delete(stored)) this.keyCount--;
    }
  }

  private tick(): number {
    const now = this.clock.now().getTime();
    this.sweep(now);
    return now;
  }

  private queueOf(windowMs: number): WindowQueue {
    let queue = this.byWindow.get(windowMs);
    if (!queue) {
      queue = new WindowQueue(windowMs);
      this.byWindow.set(windowMs, queue);
    }
    return queue;
  }

  /** The key's events still inside the window, oldest first (the stored list, trimmed). */
  private live(key: string, windowMs: number, now: number): readonly number[] {
    const entry = this.byWindow.get(windowMs)?.get(storageKey(key));
    if (!entry) return [];
    const firstLive = entry.events.findIndex((at) => at > now - windowMs);
    entry.events.splice(0, firstLive === -1 ? entry.events.length : firstLive);
    return entry.events;
  }

  private append(key: string, windowMs: number, now: number) {
    const queue = this.queueOf(windowMs);
    const stored = storageKey(key);
    if (!queue.get(stored)) {
      if (this.keyCount >= this.maxKeys) this.evictOldest();
      this.keyCount++;
    }
    this.live(key, windowMs, now);
    // Touching moves the key to the newest end: the queue stays in newest-event order.
    const { events } = queue.touch(stored);
    events.push(now);
    if (events.length > MAX_EVENTS_PER_KEY) events.shift();
  }

  private remove(key: string, windowMs: number, at: number) {
    const queue = this.byWindow.get(windowMs);
    const stored = storageKey(key);
    const events = queue?.get(stored)?.events;
    if (!queue || !events) return;
    const index = events.lastIndexOf(at);
    if (index !== -1) events.splice(index, 1);
    if (events.length === 0 && queue.delete(stored)) this.keyCount--;
  }

  private sweep(now: number) {
    let budget = SWEEP_BUDGET;
    for (const queue of this.byWindow.values()) {
      let entry = queue.oldest;
      while (entry && budget > 0 && (entry.events.at(-1) ?? 0) <= now - queue.windowMs) {
        queue.delete(entry.key);
        this.keyCount--;
        budget--;
        entry = queue.oldest;
      }
    }
  }

  private evictOldest() {
    let oldest: { queue: WindowQueue; entry: WindowEntry; newest: number } | undefined;
    for (const queue of this.byWindow.values()) {
      const entry = queue.oldest;
      if (!entry) continue;
      const newest = entry.events.at(-1) ?? 0;
      if (!oldest || newest < oldest.newest) oldest = { queue, entry, newest };
    }
    if (oldest?.queue.delete(oldest.entry.key)) this.keyCount--;
  }
}
