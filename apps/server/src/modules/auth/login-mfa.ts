import { and, eq, gt } from 'drizzle-orm';
import { loginChallenges, users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { badRequest, rateLimited } from '../../lib/errors';
import type { Bucket } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/request-meta';
import { sha256 } from '../../lib/tokens';
import { mailTemplates } from '../../mail/templates';
import { recordSecurityEvent } from '../security-log/index';
import { addressBucket } from './address-limits';
import { consumeCode, sendCode } from './codes';
import { createSession } from './sessions';

const MINUTE = 60_000;
/**
 * Wrong 2FA codes per account: 10 fill the 15-minute bucket, which locks
 * verification until they age out; at most 20 an hour. Both are checked and
 * counted in one step with the per-address budget, before the code is looked
 * at, so parallel guesses across challenges get no more (finding 17).
 */
const MFA_LOCK_LIMIT = { limit: 10, windowMs: 15 * MINUTE };
const MFA_HOURLY_LIMIT = { limit: 20, windowMs: 60 * MINUTE };
/** The password step of a 2FA login stays open as long as its code. */
export const CHALLENGE_TTL_MS = 10 * MINUTE;

export async function sendLoginCode(deps: AppDeps, user: UserRow, challengeId: number) {
  await sendCode(
    deps,
    { purpose: 'login', email: user.email, subject: `challenge:${challengeId}` },
    (code) => mailTemplates.loginCode(user.email, code),
  );
}

/** The pending password step of a 2FA login, for this browser's challenge cookie. */
export async function findChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string | undefined,
  userId: number,
) {
  if (!token) return undefined;
  const [challenge] = await deps.db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, sha256(token)),
        eq(loginChallenges.userId, userId),
        gt(loginChallenges.expiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  return challenge;
}

/** The code step of a 2FA login: the right code from this browser starts the session. */
export async function verifyMfa(
  deps: AppDeps,
  {
    userId,
    code,
    rememberMe,
    challengeToken,
    meta,
  }: {
    userId: number;
    code: string;
    rememberMe: boolean;
    challengeToken: string | undefined;
    meta: RequestMeta;
  },
) {
  const { db, limiter } = deps;
  // Knowing the user id is not enough: the challenge cookie from the password step must match.
  // Checked before counting, so strangers without the password cannot use up the budget.
  const challenge = await findChallenge(deps, challengeToken, userId);
  if (!challenge) throw badRequest('invalid_code');
  const lock: Bucket = { key: `mfa-fail:${userId}`, ...MFA_LOCK_LIMIT };
  const reservation = await limiter.reserve([
    lock,
    { key: `mfa-fail-hour:${userId}`, ...MFA_HOURLY_LIMIT },
    addressBucket('codeFailures', meta, deps.config),
  ]);
  if (reservation.retryAfterMs > 0) throw rateLimited(reservation.retryAfterMs);

  const ok = await consumeCode(deps, {
    purpose: 'login',
    email:
      (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ??
      '',
    subject: `challenge:${challenge.id}`,
    code,
  });
  if (!ok) {
    await recordSecurityEvent(deps, { event: 'mfa_failed', userId, meta });
    const isLocked = (await limiter.peek(lock.key, lock.limit, lock.windowMs)) > 0;
    // One mfa_locked row per lock, however many parallel failures filled it.
    if (isLocked && (await limiter.hit(`mfa-locked-logged:${userId}`, 1, lock.windowMs)) === 0) {
      await recordSecurityEvent(deps, { event: 'mfa_locked', userId, meta });
    }
    throw badRequest('invalid_code');
  }
  await reservation.release();

  await db.delete(loginChallenges).where(eq(loginChallenges.id, challenge.id));
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw badRequest('invalid_code');
  const session = await createSession(deps, { userId, isPersistent: rememberMe, meta });
  await recordSecurityEvent(deps, { event: 'login', userId, meta, details: { mfa: true } });
  return { user, session: { ...session, isPersistent: rememberMe } };
}

/** A new code for a pending 2FA login, bound to the same challenge. */
export async function resendMfa(
  deps: AppDeps,
  { userId, challengeToken }: { userId: number; challengeToken: string | undefined },
) {
  const challenge = await findChallenge(deps, challengeToken, userId);
  if (!challenge) throw badRequest('invalid_code');
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw badRequest('invalid_code');
  await sendLoginCode(deps, user, challenge.id);
}
