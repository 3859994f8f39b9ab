import type { AppDeps } from '../../deps';
import { rateLimited } from '../../lib/errors';
import type { Bucket, Reservation } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/request-meta';

const MINUTE = 60_000;

/** The most passkeys one account keeps: several devices and keys, never unbounded rows. */
export const MAX_PASSKEYS_PER_USER = 20;

/**
 * Budgets of the passkey calls (numbers in docs/security.md). Per-address
 * ones scale with ADDRESS_LIMIT_FACTOR like the other address budgets.
 */
const LIMITS = {
  /** Sign-in options from one address: each stores a challenge row. */
  signInOptions: { limit: 30, windowMs: 15 * MINUTE, perAddress: true },
  /** Failed passkey sign-ins (and second factors) from one address. */
  signInFailures: { limit: 10, windowMs: 15 * MINUTE, perAddress: true },
  /** Failed passkey second factors for one account, whatever the address. */
  secondFactorFailures: { limit: 10, windowMs: 15 * MINUTE, perAddress: false },
  /** Registration (and second-factor) options for one account. */
  userOptions: { limit: 20, windowMs: 15 * MINUTE, perAddress: false },
} as const;

type LimitName = keyof typeof LIMITS;

export function passkeyBucket(
  name: LimitName,
  scope: { meta: RequestMeta } | { userId: number },
  config: Pick<AppDeps['config'], 'addressLimitFactor'>,
): Bucket {
  const { limit, windowMs, perAddress } = LIMITS[name];
  if ('meta' in scope) {
    return {
      key: `passkey-${name}:ip:${scope.meta.throttleAddress}`,
      limit: perAddress ? limit * config.addressLimitFactor : limit,
      windowMs,
    };
  }
  return { key: `passkey-${name}:user:${scope.userId}`, limit, windowMs };
}

/** Counts one try under every bucket, or answers 429 with nothing counted. */
export async function reserveOrRefuse(
  deps: Pick<AppDeps, 'limiter'>,
  buckets: Bucket[],
): Promise<Reservation> {
  const reservation = await deps.limiter.reserve(buckets);
  if (reservation.retryAfterMs > 0) throw rateLimited(reservation.retryAfterMs);
  return reservation;
}
