import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, rateLimited } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { addressBucket, passwords } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

/**
 * Wrong current passwords per account at the profile's password-confirmed
 * changes (password, e-mail) and recent confirmations (DESIGN.md §7.7). A stolen session cookie must not become a
 * password oracle: 10 guesses in 15 minutes, like a browser's own login budget.
 */
const ACCOUNT_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/**
 * Checks the signed-in user's password as stored now (not as cached), counted
 * like login failures: per account and per client address, before argon2 runs,
 * so parallel guesses get no more. The right password gives its try back.
 * Answers the user row as read, or 400 `invalid_credentials`.
 */
export async function confirmPassword(
  deps: AppDeps,
  {
    user,
    password,
    meta,
    step = 'profile_password_check',
  }: {
    user: UserRow;
    password: string;
    meta: RequestMeta;
    /** Which check failed, for the security log. */
    step?: string;
  },
): Promise<UserRow> {
  const reservation = await deps.limiter.reserve([
    addressBucket('loginFailures', meta, deps.config),
    { key: `password-confirm-fail:user:${user.id}`, ...ACCOUNT_LIMIT },
  ]);
  if (reservation.retryAfterMs > 0) throw rateLimited(reservation.retryAfterMs);
  const [current] = await deps.db.select().from(users).where(eq(users.id, user.id));
  if (!current || !(await passwords.verify(current.passwordHash, password))) {
    await recordSecurityEvent(deps, {
      event: 'login_failed',
      userId: user.id,
      meta,
      details: { step },
    });
    throw new AppError(400, 'invalid_credentials');
  }
  await reservation.release();
  return current;
}
