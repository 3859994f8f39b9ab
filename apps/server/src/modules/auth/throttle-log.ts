import type { AppDeps } from '../../deps';
import { rateLimited } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { recordSecurityEvent } from '../security-log/index';

/**
 * Refuses a throttled call with 429, writing `login_throttled` to the security
 * log only for the first refusal per key and window (finding 14): a throttled
 * client gets no argon2 work, and must get no table growth either.
 */
export async function refuseThrottled(
  deps: AppDeps,
  {
    logKey,
    windowMs,
    retryAfterMs,
    meta,
    details,
    userId,
  }: {
    logKey: string;
    windowMs: number;
    retryAfterMs: number;
    meta: RequestMeta;
    details: Record<string, unknown>;
    userId?: number;
  },
): Promise<never> {
  const isFirst = (await deps.limiter.hit(`throttle-logged:${logKey}`, 1, windowMs)) === 0;
  if (isFirst) {
    await recordSecurityEvent(deps, { event: 'login_throttled', userId, meta, details });
  }
  throw rateLimited(retryAfterMs);
}
