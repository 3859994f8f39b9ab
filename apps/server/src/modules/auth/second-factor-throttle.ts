import type { AppDeps } from '../../deps';
import { badRequest, rateLimited } from '../../lib/errors';
import type { Bucket } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/request-meta';
import { recordSecurityEvent } from '../security-log/index';
import { addressBucket } from './address-limits';

const MINUTE = 60_000;
/**
 * Wrong second-factor codes per account (e-mailed, app or recovery codes, at
 * login or in the profile, all in one budget): 10 fill the 15-minute bucket,
 * which locks verification until they age out; at most 20 an hour. Both are
 * checked and counted in one step with the per-address budget, before the
 * code is looked at, so parallel guesses get no more (finding 17). A
 * 6-digit app code with ±1 step has 3 right answers in a million: 20 tries an
 * hour make a lucky guess a matter of decades.
 */
const MFA_LOCK_LIMIT = { limit: 10, windowMs: 15 * MINUTE };
const MFA_HOURLY_LIMIT = { limit: 20, windowMs: 60 * MINUTE };

/**
 * Runs one guess of a second-factor code under the account's and the
 * address's budgets: counted before `check` runs, given back when it passes.
 * A wrong code is logged (`mfa_failed`, one `mfa_locked` per lock) and
 * answers 400 `invalid_code`.
 */
export async function guardedCodeTry(
  deps: AppDeps,
  { userId, meta }: { userId: number; meta: RequestMeta },
  check: () => Promise<boolean>,
): Promise<void> {
  const { limiter } = deps;
  const lock: Bucket = { key: `mfa-fail:${userId}`, ...MFA_LOCK_LIMIT };
  const reservation = await limiter.reserve([
    lock,
    { key: `mfa-fail-hour:${userId}`, ...MFA_HOURLY_LIMIT },
    addressBucket('codeFailures', meta, deps.config),
  ]);
  if (reservation.retryAfterMs > 0) throw rateLimited(reservation.retryAfterMs);
  if (await check()) {
    await reservation.release();
    return;
  }
  await recordSecurityEvent(deps, { event: 'mfa_failed', userId, meta });
  const isLocked = (await limiter.peek(lock.key, lock.limit, lock.windowMs)) > 0;
  // One mfa_locked row per lock, however many parallel failures filled it.
  if (isLocked && (await limiter.hit(`mfa-locked-logged:${userId}`, 1, lock.windowMs)) === 0) {
    await recordSecurityEvent(deps, { event: 'mfa_locked', userId, meta });
  }
  throw badRequest('invalid_code');
}
