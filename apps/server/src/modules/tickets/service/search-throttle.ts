import { rateLimited } from '../../../lib/errors';
import type { TicketsContext } from './context';
import type { Actor } from './rules';

/**
 * Finding 16: searches (`q`) per minute, per user and per client address (/64
 * for IPv6). Raised from 30 and 60 with issue 30: the lists search as the user
 * types (a request per pause, and the staff tab counts beside each), and a
 * search is now a look-up in the search index bounded by the statement
 * timeout, not a scan.
 */
export const SEARCHES_PER_MINUTE_PER_USER = 120;
export const SEARCHES_PER_MINUTE_PER_ADDRESS = 240;
const MINUTE = 60 * 1000;

/**
 * Counted before the cache is asked: a new `q` always misses it, and checking
 * first would let a burst of distinct words through. Both buckets are taken in
 * one atomic step, or neither.
 */
export async function throttleSearch(ctx: TicketsContext, actor: Actor, throttleAddress: string) {
  const { retryAfterMs } = await ctx.deps.limiter.reserve([
    {
      key: `tickets:search:user:${actor.id}`,
      limit: SEARCHES_PER_MINUTE_PER_USER,
      windowMs: MINUTE,
    },
    {
      key: `tickets:search:addr:${throttleAddress}`,
      limit: SEARCHES_PER_MINUTE_PER_ADDRESS,
      windowMs: MINUTE,
    },
  ]);
  if (retryAfterMs > 0) throw rateLimited(retryAfterMs);
}
