import type { Clock } from './clock';

/**
 * Counts events per key in a sliding window. Asynchronous so that a shared
 * store (Redis) can stand in for the in-memory one when several instances run.
 */
export interface RateLimiter {
  /** Milliseconds until one more event fits under `limit`, or 0 if it fits now. */
  retryAfter(key: string, limit: number, windowMs: number): Promise<number>;
  record(key: string, windowMs: number): Promise<void>;
}

export interface Limit {
  limit: number;
  windowMs: number;
}

/** Checks every limit and, if all allow it, records the event under each. */
export async function consume(
  limiter: RateLimiter,
  key: string,
  limits: readonly Limit[],
): Promise<number> {
  let wait = 0;
  for (const { limit, windowMs } of limits) {
    wait = Math.max(wait, await limiter.retryAfter(`${key}:${windowMs}`, limit, windowMs));
  }
  if (wait > 0) return wait;
  for (const { windowMs } of limits) await limiter.record(`${key}:${windowMs}`, windowMs);
  return 0;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly events = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  private live(key: string, windowMs: number): number[] {
    const now = this.clock.now().getTime();
    const list = (this.events.get(key) ?? []).filter((t) => t > now - windowMs);
    if (list.length) this.events.set(key, list);
    else this.events.delete(key);
    this.sweep(now);
    return list;
  }

  /** Drops keys nobody touched for a day so the map cannot grow forever. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, list] of this.events) {
      if ((list.at(-1) ?? 0) < now - 86_400_000) this.events.delete(key);
    }
  }

  async retryAfter(key: string, limit: number, windowMs: number): Promise<number> {
    const list = this.live(key, windowMs);
    if (list.length < limit) return 0;
    const oldestThatMustExpire = list[list.length - limit] ?? 0;
    return Math.max(1, oldestThatMustExpire + windowMs - this.clock.now().getTime());
  }

  async record(key: string, windowMs: number): Promise<void> {
    const list = this.live(key, windowMs);
    list.push(this.clock.now().getTime());
    this.events.set(key, list);
  }
}
