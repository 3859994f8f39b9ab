import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ClientContext, Redis, Result } from 'ioredis';
import type { Clock } from './clock';
import {
  BaseRateLimiter,
  type Bucket,
  MemoryRateLimiter,
  type Reservation,
  reservation,
  storageKey,
} from './rate-limiter';

const PREFIX = 'ratelimit:';

/**
 * KEYS: the buckets' keys. ARGV: now, a unique member, then limit and window per key.
 * Checks every bucket, then either answers the longest wait or adds the member to
 * every bucket. Redis runs a script alone, so parallel calls cannot interleave.
 */
const RESERVE_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= limit then
    local until_free = window
    if limit > 0 then
      local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
      until_free = math.max(1, tonumber(oldest[2]) + window - now)
    end
    wait = math.max(wait, until_free)
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, tonumber(ARGV[2 + 2 * i]))
end
return 0
`;

/** KEYS[1]; ARGV: now, limit, window. Read-only: counts the live events without removing any. */
const PEEK_SCRIPT = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local from = '(' .. (now - window)
local count = redis.call('ZCOUNT', KEYS[1], from, '+inf')
if count < limit then return 0 end
if limit < 1 then return window end
local oldest = redis.call('ZRANGEBYSCORE', KEYS[1], from, '+inf', 'WITHSCORES', 'LIMIT', count - limit, 1)
return math.max(1, tonumber(oldest[2]) + window - now)
`;

declare module 'ioredis' {
  interface RedisCommander<Context extends ClientContext = { type: 'default' }> {
    rateLimitReserve(
      numberOfKeys: number,
      ...keysAndArgs: (string | number)[]
    ): Result<number, Context>;
    rateLimitPeek(
      key: string,
      now: number,
      limit: number,
      windowMs: number,
    ): Result<number, Context>;
  }
}

/**
 * Sliding-window counters in Redis sorted sets (one member per event, scored by
 * its time), so every instance behind the load balancer counts the same tries.
 * Check and count run in one Lua script (EVALSHA through `defineCommand`), so
 * they are atomic across instances. Times come from our clock, not Redis's, so
 * tests can move time. Keys expire with their window (`PEXPIRE`), which bounds
 * Redis's memory. All keys of one `reserve` are used in one script: with Redis
 * Cluster they would need a common hash tag.
 *
 * If Redis is unreachable the counters fall back to this process's memory:
 * limits then hold per instance instead of across them, but logins keep working
 * (a Redis outage must not lock everybody out).
 */
export class RedisRateLimiter extends BaseRateLimiter {
  private readonly fallback: MemoryRateLimiter;
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {
    super();
    this.fallback = new MemoryRateLimiter(clock);
    redis.defineCommand('rateLimitReserve', { lua: RESERVE_SCRIPT });
    redis.defineCommand('rateLimitPeek', { lua: PEEK_SCRIPT, numberOfKeys: 1, readOnly: true });
  }

  private async guarded<T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.warn(error);
      return fallback();
    }
  }

  private warn(error: unknown) {
    const now = Date.now();
    if (now - this.lastWarning > 60_000) {
      this.lastWarning = now;
      this.log?.warn({ err: error }, 'Redis unavailable: rate limits counted in memory');
    }
  }

  reserve(buckets: readonly Bucket[]): Promise<Reservation> {
    return this.guarded(
      async () => {
        const now = this.clock.now().getTime();
        const member = `${now}-${randomBytes(6).toString('hex')}`;
        const keys = buckets.map(({ key }) => PREFIX + storageKey(key));
        const limits = buckets.flatMap(({ limit, windowMs }) => [limit, windowMs]);
        const wait = await this.redis.rateLimitReserve(
          keys.length,
          ...keys,
          now,
          member,
          ...limits,
        );
        return reservation(wait, async () => {
          // A lost give-back only leaves one try counted: the limit errs on the strict side.
          await Promise.all(keys.map((key) => this.redis.zrem(key, member))).catch((error) =>
            this.warn(error),
          );
        });
      },
      () => this.fallback.reserve(buckets),
    );
  }

  peek(key: string, limit: number, windowMs: number): Promise<number> {
    return this.guarded(
      () =>
        this.redis.rateLimitPeek(
          PREFIX + storageKey(key),
          this.clock.now().getTime(),
          limit,
          windowMs,
        ),
      () => this.fallback.peek(key, limit, windowMs),
    );
  }

  reset(key: string): Promise<void> {
    return this.guarded(
      async () => {
        await this.redis.del(PREFIX + storageKey(key));
        // Forget what was counted here while Redis was down, too.
        await this.fallback.reset(key);
      },
      () => this.fallback.reset(key),
    );
  }
}
