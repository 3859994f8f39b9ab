import type { MfaMethod } from '@studio/shared/totp';
import { eq } from 'drizzle-orm';
import { loginChallenges } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../lib/errors';
import type { Bucket } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/request-meta';
import { randomToken, sha256 } from '../../lib/tokens';
import { recordSecurityEvent } from '../security-log/index';
import { addressBucket } from './address-limits';
import { findUserByIdentifier } from './credentials';
import { type DeviceClaim, isDeviceOf } from './device-cookie';
import { CHALLENGE_TTL_MS, sendLoginCode } from './login-mfa';
import { passwords } from './passwords';
import { secondFactorMethods } from './second-factor';
import { createSession, type NewSession } from './sessions';
import { refuseThrottled } from './throttle-log';

/** The ways the second step of a sign-in can be answered (DESIGN.md §7.3 `methods`). */

const MINUTE = 60_000;
/**
 * Wrong passwords for one account from all addresses together: far above the
 * per-address budget (10 / 15 min), so strangers cannot lock the owner out
 * cheaply, while a botnet still gets only 100 guesses an hour (finding 11).
 */
const ACCOUNT_FAILURE_LIMIT = { limit: 100, windowMs: 60 * MINUTE };
/** Wrong passwords from a browser holding this account's device cookie (its only budget). */
const DEVICE_FAILURE_LIMIT = { limit: 10, windowMs: 15 * MINUTE };

/**
 * The failure budgets this try counts under. Username and e-mail resolve to
 * the same user id, so they share one account budget; an unknown identifier
 * gets one of its own, so 429 does not tell known accounts from unknown ones.
 */
function failureBuckets(
  config: AppDeps['config'],
  meta: RequestMeta,
  identifier: string,
  user: UserRow | undefined,
  device: DeviceClaim | undefined,
): Bucket[] {
  if (user && device && isDeviceOf(device, user)) {
    return [{ key: `login-fail:device:${device.deviceId}`, ...DEVICE_FAILURE_LIMIT }];
  }
  const account = user ? `user:${user.id}` : `name:${identifier.trim().toLowerCase()}`;
  return [
    addressBucket('loginFailures', meta, config),
    { key: `login-fail:acct:${account}`, ...ACCOUNT_FAILURE_LIMIT },
  ];
}

/** The password step: a session, or, with 2FA on, a challenge token (and an e-mailed code when that is the first method). */
export async function login(
  deps: AppDeps,
  {
    identifier,
    password,
    rememberMe,
    device,
    meta,
  }: {
    identifier: string;
    password: string;
    rememberMe: boolean;
    /** The browser's device cookie, if it sent one (checked here against the account). */
    device?: DeviceClaim;
    meta: RequestMeta;
  },
): Promise<
  | { kind: 'session'; user: UserRow; session: NewSession }
  | { kind: 'mfa'; user: UserRow; challengeToken: string; methods: MfaMethod[] }
> {
  const { db, clock, limiter } = deps;
  if (!identifier.trim() || !password) throw badRequest('missing_credentials');
  const address = addressBucket('loginFailures', meta, deps.config);
  const details = { identifier: identifier.slice(0, 254) };
  if (!device) {
    // Cheap early refusal of a throttled address, before any database work; the
    // reservation below is what actually holds the line.
    const wait = await limiter.peek(address.key, address.limit, address.windowMs);
    if (wait > 0) {
      await refuseThrottled(deps, {
        ...address,
        logKey: address.key,
        retryAfterMs: wait,
        meta,
        details,
      });
    }
  }

  const user = await findUserByIdentifier(db, identifier);
  const buckets = failureBuckets(deps.config, meta, identifier, user, device);
  // Counted before the password check, in one step: parallel guesses beyond the budget get 429.
  const reservation = await limiter.reserve(buckets);
  if (reservation.retryAfterMs > 0) {
    await refuseThrottled(deps, {
      logKey: buckets.map((bucket) => bucket.key).join('|'),
      windowMs: Math.max(...buckets.map((bucket) => bucket.windowMs)),
      retryAfterMs: reservation.retryAfterMs,
      meta,
      details,
      userId: user?.id,
    });
  }

  const isValid = user
    ? await passwords.verify(user.passwordHash, password)
    : await passwords.verifyAgainstDummy(password);
  if (!user || !isValid) {
    await recordSecurityEvent(deps, { event: 'login_failed', userId: user?.id, meta, details });
    throw new AppError(401, 'invalid_credentials');
  }
  // Only failures count: the right password gives its try back.
  await reservation.release();
  // „To nie ja” locked the password (DESIGN.md §7.7): only a reset by e-mail
  // opens it again. Checked after the password, so only whoever knows it
  // learns of the lock: a wrong password still answers 401 as for any account.
  if (user.passwordLockedAt) {
    await recordSecurityEvent(deps, { event: 'login_locked', userId: user.id, meta });
    throw new AppError(403, 'password_reset_required');
  }

  const methods = await secondFactorMethods(deps, user);
  if (methods.length > 0) {
    // The password step sets no session: only the second factor will.
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
    // With the app on, its code is asked first: mail goes out only on „Wyślij kod e-mailem”.
    if (methods[0] === 'email') {
      try {
        await sendLoginCode(deps, user, challenge!.id);
      } catch (error) {
        await db.delete(loginChallenges).where(eq(loginChallenges.id, challenge!.id));
        throw error;
      }
    }
    await recordSecurityEvent(deps, { event: 'mfa_challenge', userId: user.id, meta });
    return { kind: 'mfa', user, challengeToken, methods };
  }

  const session = await createSession(deps, {
    userId: user.id,
    isPersistent: rememberMe,
    meta,
  });
  await recordSecurityEvent(deps, { event: 'login', userId: user.id, meta });
  return { kind: 'session', user, session: { ...session, isPersistent: rememberMe } };
}
