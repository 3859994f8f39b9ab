import type { AppDeps } from '../../deps';
import { rateLimited } from '../../lib/errors';
import type { Bucket, Limit, Reservation } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/request-meta';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Per client address (IPv6 grouped by /64, `meta.throttleAddress`), in front
 * of every unauthenticated call that costs argon2 or sends mail (findings 3,
 * 5, 6). Each is checked and counted in one step. The numbers are in
 * docs/security.md.
 */
export const ADDRESS_LIMITS = {
  /** Registration calls, the 409 "duplicate" answers included (they reveal accounts). */
  register: { limit: 30, windowMs: HOUR },
  /** Password-reset requests, whatever address they name. */
  resetRequest: { limit: 30, windowMs: HOUR },
  /** Failed reset confirmations (a good token gives its try back). */
  resetConfirmFailures: { limit: 10, windowMs: 15 * MINUTE },
  /** Wrong e-mailed codes at verify-email and mfa/verify. */
  codeFailures: { limit: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords, whichever accounts they were for. */
  loginFailures: { limit: 10, windowMs: 15 * MINUTE },
  /** Inquiries written without an account (DESIGN.md §7.6), each mailing a link. */
  inquiry: { limit: 10, windowMs: HOUR },
  /** Unknown or expired inquiry links (a good one gives its try back). */
  inquiryConfirmFailures: { limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export type AddressLimitName = keyof typeof ADDRESS_LIMITS;

export function addressBucket(
  name: AddressLimitName,
  meta: RequestMeta,
  config: Pick<AppDeps['config'], 'addressLimitFactor'>,
): Bucket {
  const { limit, windowMs } = ADDRESS_LIMITS[name];
  return {
    key: `${name}:ip:${meta.throttleAddress}`,
    limit: limit * config.addressLimitFactor,
    windowMs,
  };
}

/**
 * Registration calls allowed per address: 30 an hour, or three per recipient the
 * address may mail (send, resend, a duplicate answer) when
 * `ADDRESS_MAIL_RECIPIENTS_PER_HOUR` is raised for a test run from one address.
 */
function registerBucket(config: AppDeps['config'], meta: RequestMeta): Bucket {
  const limit = Math.max(ADDRESS_LIMITS.register.limit, 3 * config.addressMailRecipientsPerHour);
  return { ...addressBucket('register', meta, config), limit };
}

/** Counts one call of this address, or answers 429 with nothing counted. */
export async function reserveForAddress(
  deps: Pick<AppDeps, 'limiter' | 'config'>,
  name: AddressLimitName,
  meta: RequestMeta,
): Promise<Reservation> {
  const bucket =
    name === 'register'
      ? registerBucket(deps.config, meta)
      : addressBucket(name, meta, deps.config);
  const reservation = await deps.limiter.reserve([bucket]);
  if (reservation.retryAfterMs > 0) throw rateLimited(reservation.retryAfterMs);
  return reservation;
}

/**
 * One address may name only a few different e-mail addresses an hour
 * (`ADDRESS_MAIL_RECIPIENTS_PER_HOUR`, 10 by default), so it cannot make the
 * server mail strangers at scale nor probe which addresses have accounts.
 * Naming an address again within the hour costs nothing more here (the
 * per-recipient send limits still apply).
 */
export async function countRecipient(
  deps: Pick<AppDeps, 'limiter' | 'config'>,
  meta: RequestMeta,
  email: string,
): Promise<void> {
  const { limiter, config } = deps;
  const recipient = email.trim().toLowerCase();
  const seen = await limiter.reserve([
    { key: `recipient:${meta.throttleAddress}:${recipient}`, limit: 1, windowMs: HOUR },
  ]);
  if (seen.retryAfterMs > 0) return;
  const counted = await limiter.reserve([
    {
      key: `recipients:ip:${meta.throttleAddress}`,
      limit: config.addressMailRecipientsPerHour,
      windowMs: HOUR,
    },
  ]);
  if (counted.retryAfterMs > 0) {
    // Not counted as seen either: the next try within the hour is refused the same way.
    await seen.release();
    throw rateLimited(counted.retryAfterMs);
  }
}
