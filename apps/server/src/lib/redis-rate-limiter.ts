import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from './clock';
import { MemoryRateLimiter, type RateLimiter } from './rate-limiter';

const PREFIX = 'ratelimit:';

/**
 * Sliding-window counters in Redis sorted sets (one member per event, scored by
 * its time), so every instance behind the load balancer counts the same tries.
 * Times come from our clock, not Redis's, so tests can move time.
 *
 * If Redis is unreachable the counters fall back to this process's memory:
 * limits then hold per instance instead of across them, but logins keep working
 * (a Redis outage must not lock everybody out).
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly fallback: MemoryRateLimiter;
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.fallback = new MemoryRateLimiter(clock);
  }

  private async guarded<T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const now = Date.now();
      if (now - this.lastWarning > 60_000) {
        this.lastWarning = now;
        this.log?.warn({ err: error }, 'Redis unavailable: rate limits counted in memory');
      }
      return fallback();
    }
  }

  retryAfter(key: string, limit: number, windowMs: number): Promise<number> {
    return this.guarded(
      async () => {
        const now = this.clock.now().getTime();
        const redisKey = PREFIX + key;
        const results = await this.redis
          .multi()
          .zremrangebyscore(redisKey, '-inf', now - windowMs)
          .zcard(redisKey)
          .exec();
        const [error, count] = results?.[1] ?? [null, 0];
        if (error) throw error;
        const live = Number(count);
        if (live < limit) return 0;
        // The event that has to leave the window before one more fits.
        const [, score] = await this.redis.zrange(
          redisKey,
          String(live - limit),
          String(live - limit),
          'WITHSCORES',
        );
        return Math.max(1, Number(score) + windowMs - now);
      },
      () => this.fallback.retryAfter(key, limit, windowMs),
    );
  }

  record(key: string, windowMs: number): Promise<void> {
    return this.guarded(
      async () => {
        const now = this.clock.now().getTime();
        const redisKey = PREFIX + key;
        await this.redis
          .multi()
          .zadd(redisKey, now, `${now}-${randomBytes(6).toString('hex')}`)
          .pexpire(redisKey, windowMs)
          .exec();
      },
      () => this.fallback.record(key, windowMs),
    );
  }
}
