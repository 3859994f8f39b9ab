import { and, eq, gt } from 'drizzle-orm';
import { loginChallenges, users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, rateLimited } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { randomToken, sha256 } from '../../lib/tokens';
import { mailTemplates } from '../../mail/templates';
import { recordSecurityEvent } from '../security-log/service';
import { consumeCode, sendCode } from './codes';
import { findUserByIdentifier } from './credentials';
import { passwords } from './passwords';
import { createSession, type NewSession } from './sessions';

/** Failed logins: 10 per 15 minutes per account and per address. */
const LOGIN_FAILURE_LIMIT = { limit: 10, windowMs: 15 * 60_000 };
/** Failed 2FA codes: 10 an hour per account locks 2FA for 15 minutes. */
const MFA_FAILURE_LIMIT = { limit: 10, windowMs: 60 * 60_000 };
const MFA_LOCK_MS = 15 * 60_000;
/** The password step of a 2FA login stays open as long as its code. */
const CHALLENGE_TTL_MS = 10 * 60_000;

async function sendLoginCode(deps: AppDeps, user: UserRow, challengeId: number) {
  await sendCode(
    deps,
    { purpose: 'login', email: user.email, subject: `challenge:${challengeId}` },
    (code) => mailTemplates.loginCode(user.email, code),
  );
}

async function findChallenge(
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

/** The password step: a session, or, with 2FA on, an e-mailed code and a challenge token. */
export async function login(
  deps: AppDeps,
  {
    identifier,
    password,
    rememberMe,
    meta,
  }: {
    identifier: string;
    password: string;
    rememberMe: boolean;
    meta: RequestMeta;
  },
): Promise<
  | { kind: 'session'; user: UserRow; session: NewSession }
  | { kind: 'mfa'; user: UserRow; challengeToken: string }
> {
  const { db, clock, limiter } = deps;
  if (!identifier.trim() || !password) throw badRequest('missing_credentials');
  const accountKey = `login-fail:acct:${identifier.trim().toLowerCase()}`;
  const addressKey = `login-fail:ip:${meta.throttleAddress}`;
  const wait = Math.max(
    await limiter.retryAfter(accountKey, LOGIN_FAILURE_LIMIT.limit, LOGIN_FAILURE_LIMIT.windowMs),
    await limiter.retryAfter(addressKey, LOGIN_FAILURE_LIMIT.limit, LOGIN_FAILURE_LIMIT.windowMs),
  );
  if (wait > 0) {
    await recordSecurityEvent(deps, {
      event: 'login_throttled',
      meta,
      details: { identifier },
    });
    throw rateLimited(wait);
  }

  const user = await findUserByIdentifier(db, identifier);
  const isValid = user
    ? await passwords.verify(user.passwordHash, password)
    : await passwords.verifyAgainstDummy(password);
  if (!user || !isValid) {
    await limiter.record(accountKey, LOGIN_FAILURE_LIMIT.windowMs);
    await limiter.record(addressKey, LOGIN_FAILURE_LIMIT.windowMs);
    await recordSecurityEvent(deps, {
      event: 'login_failed',
      userId: user?.id,
      meta,
      details: { identifier },
    });
    throw new AppError(401, 'invalid_credentials');
  }

  if (user.mfaEnabled) {
    // The password step sets no session: only the e-mailed code will.
    const challengeToken = randomToken();
    const now = clock.now();
    const [challenge] = await db
      .insert(loginChallenges)
      .values({
        tokenHash: sha256(challengeToken),
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      })
      .returning({ id: loginChallenges.id });
    try {
      await sendLoginCode(deps, user, challenge!.id);
    } catch (error) {
      await db.delete(loginChallenges).where(eq(loginChallenges.id, challenge!.id));
      throw error;
    }
    await recordSecurityEvent(deps, { event: 'mfa_challenge', userId: user.id, meta });
    return { kind: 'mfa', user, challengeToken };
  }

  const session = await createSession(deps, {
    userId: user.id,
    isPersistent: rememberMe,
    meta,
  });
  await recordSecurityEvent(deps, { event: 'login', userId: user.id, meta });
  return { kind: 'session', user, session: { ...session, isPersistent: rememberMe } };
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
  const lockWait = await limiter.retryAfter(`mfa-lock:${userId}`, 1, MFA_LOCK_MS);
  if (lockWait > 0) throw rateLimited(lockWait);
  // Knowing the user id is not enough: the challenge cookie from the password step must match.
  const challenge = await findChallenge(deps, challengeToken, userId);
  if (!challenge) throw badRequest('invalid_code');

  const ok = await consumeCode(deps, {
    purpose: 'login',
    email:
      (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ??
      '',
    subject: `challenge:${challenge.id}`,
    code,
  });
  if (!ok) {
    const failures = `mfa-fail:${userId}`;
    await limiter.record(failures, MFA_FAILURE_LIMIT.windowMs);
    await recordSecurityEvent(deps, { event: 'mfa_failed', userId, meta });
    if (
      (await limiter.retryAfter(failures, MFA_FAILURE_LIMIT.limit, MFA_FAILURE_LIMIT.windowMs)) > 0
    ) {
      await limiter.record(`mfa-lock:${userId}`, MFA_LOCK_MS);
      await recordSecurityEvent(deps, { event: 'mfa_locked', userId, meta });
    }
    throw badRequest('invalid_code');
  }

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
