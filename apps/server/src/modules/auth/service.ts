import { RESET_TOKEN_TTL_MS } from '@studio/shared/limits';
import type { RegisterInput, VerifyEmailInput } from '@studio/shared/schemas';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { loginChallenges, passwordResetTokens, users } from '../../db/schema/index';
import type { AppDeps, RequestMeta } from '../../deps';
import { AppError, badRequest, rateLimited } from '../../lib/errors';
import { consume } from '../../lib/rate-limiter';
import { randomToken, sha256 } from '../../lib/tokens';
import { mailTemplates } from '../../mail/templates';
import { recordSecurityEvent } from '../security-log/service';
import { consumeCode, sendCode } from './codes';
import { isCommonPassword, passwords } from './passwords';
import { createSession, deleteUserSessions, type UserRow } from './sessions';

/** Failed logins: 10 per 15 minutes per account and per address. */
const LOGIN_FAILURE_LIMIT = { limit: 10, windowMs: 15 * 60_000 };
/** Failed 2FA codes: 10 an hour per account locks 2FA for 15 minutes. */
const MFA_FAILURE_LIMIT = { limit: 10, windowMs: 60 * 60_000 };
const MFA_LOCK_MS = 15 * 60_000;
/** The password step of a 2FA login stays open as long as its code. */
const CHALLENGE_TTL_MS = 10 * 60_000;

export type NewSession = { token: string; expiresAt: Date; isPersistent: boolean };

export function assertStrongPassword(password: string) {
  if (isCommonPassword(password)) throw badRequest('weak_password');
}

export function createAuthService(deps: AppDeps) {
  const { db, clock, config, mailer, limiter } = deps;

  async function findByIdentifier(identifier: string): Promise<UserRow | undefined> {
    const lowered = identifier.trim().toLowerCase();
    const [user] = await db
      .select()
      .from(users)
      .where(
        or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`),
      )
      .limit(1);
    return user;
  }

  async function isTaken(input: { username: string; email: string }): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        or(
          sql`lower(${users.username}) = ${input.username.toLowerCase()}`,
          sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async function sendLoginCode(user: UserRow, challengeId: number) {
    await sendCode(
      deps,
      { purpose: 'login', email: user.email, subject: `challenge:${challengeId}` },
      (code) => mailTemplates.loginCode(user.email, code),
    );
  }

  async function findChallenge(token: string | undefined, userId: number) {
    if (!token) return undefined;
    const [challenge] = await db
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.tokenHash, sha256(token)),
          eq(loginChallenges.userId, userId),
          gt(loginChallenges.expiresAt, clock.now()),
        ),
      )
      .limit(1);
    return challenge;
  }

  return {
    /** Step one of registration, and its resend: checks the data and e-mails a code. */
    async register({ input }: { input: RegisterInput }) {
      assertStrongPassword(input.password);
      if (await isTaken(input)) throw new AppError(409, 'duplicate');
      await sendCode(
        deps,
        { purpose: 'register', email: input.email, subject: input.username.toLowerCase() },
        (code) => mailTemplates.registrationCode(input.email, code),
      );
    },

    /** Step two: the right code creates the account and its first session, once. */
    async verifyEmail({ input, meta }: { input: VerifyEmailInput; meta: RequestMeta }) {
      assertStrongPassword(input.password);
      const passwordHash = await passwords.hash(input.password);
      const now = clock.now();
      const isAdmin = config.adminEmails.includes(input.email.toLowerCase());
      try {
        const result = await db.transaction(async (tx) => {
          const ok = await consumeCode(
            { db: tx, clock },
            {
              purpose: 'register',
              email: input.email,
              subject: input.username.toLowerCase(),
              code: input.code,
            },
          );
          if (!ok) return null;
          const [user] = await tx
            .insert(users)
            .values({
              username: input.username,
              email: input.email,
              passwordHash,
              isAdmin,
              emailVerifiedAt: now,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          const session = await createSession(
            { db: tx, clock },
            { userId: user!.id, isPersistent: false, meta },
          );
          return { user: user!, session: { ...session, isPersistent: false } };
        });
        // A failed try must be counted even though nothing else is written.
        if (!result) throw badRequest('invalid_code');
        await recordSecurityEvent(deps, { event: 'register', userId: result.user.id, meta });
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'duplicate');
        throw error;
      }
    },

    async login({
      identifier,
      password,
      rememberMe,
      meta,
    }: {
      identifier: string;
      password: string;
      rememberMe: boolean;
      meta: RequestMeta;
    }): Promise<
      | { kind: 'session'; user: UserRow; session: NewSession }
      | { kind: 'mfa'; user: UserRow; challengeToken: string }
    > {
      if (!identifier.trim() || !password) throw badRequest('missing_credentials');
      const accountKey = `login-fail:acct:${identifier.trim().toLowerCase()}`;
      const addressKey = `login-fail:ip:${meta.throttleAddress}`;
      const wait = Math.max(
        await limiter.retryAfter(
          accountKey,
          LOGIN_FAILURE_LIMIT.limit,
          LOGIN_FAILURE_LIMIT.windowMs,
        ),
        await limiter.retryAfter(
          addressKey,
          LOGIN_FAILURE_LIMIT.limit,
          LOGIN_FAILURE_LIMIT.windowMs,
        ),
      );
      if (wait > 0) {
        await recordSecurityEvent(deps, {
          event: 'login_throttled',
          meta,
          details: { identifier },
        });
        throw rateLimited(wait);
      }

      const user = await findByIdentifier(identifier);
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
          await sendLoginCode(user, challenge!.id);
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
    },

    async verifyMfa({
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
    }) {
      const lockWait = await limiter.retryAfter(`mfa-lock:${userId}`, 1, MFA_LOCK_MS);
      if (lockWait > 0) throw rateLimited(lockWait);
      // Knowing the user id is not enough: the challenge cookie from the password step must match.
      const challenge = await findChallenge(challengeToken, userId);
      if (!challenge) throw badRequest('invalid_code');

      const ok = await consumeCode(deps, {
        purpose: 'login',
        email:
          (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]
            ?.email ?? '',
        subject: `challenge:${challenge.id}`,
        code,
      });
      if (!ok) {
        const failures = `mfa-fail:${userId}`;
        await limiter.record(failures, MFA_FAILURE_LIMIT.windowMs);
        await recordSecurityEvent(deps, { event: 'mfa_failed', userId, meta });
        if (
          (await limiter.retryAfter(
            failures,
            MFA_FAILURE_LIMIT.limit,
            MFA_FAILURE_LIMIT.windowMs,
          )) > 0
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
    },

    async resendMfa({
      userId,
      challengeToken,
    }: {
      userId: number;
      challengeToken: string | undefined;
    }) {
      const challenge = await findChallenge(challengeToken, userId);
      if (!challenge) throw badRequest('invalid_code');
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw badRequest('invalid_code');
      await sendLoginCode(user, challenge.id);
    },

    /**
     * Answers the same whether or not the address has an account: the work
     * that differs (token, e-mail) happens after the response is decided, in
     * the background, so neither the answer nor its timing tells.
     */
    async requestPasswordReset({ email, meta }: { email: string; meta: RequestMeta }) {
      const wait = await consume(limiter, `reset-request:${email.trim().toLowerCase()}`, [
        { limit: 3, windowMs: 60_000 },
        { limit: 10, windowMs: 3_600_000 },
      ]);
      if (wait > 0) throw rateLimited(wait);
      const background = (async () => {
        const user = await findByIdentifier(email);
        if (!user || user.email.toLowerCase() !== email.trim().toLowerCase()) return;
        const token = randomToken();
        const now = clock.now();
        const [row] = await db.transaction(async (tx) => {
          // A new request voids the older links.
          await tx
            .update(passwordResetTokens)
            .set({ usedAt: now })
            .where(
              and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)),
            );
          return tx
            .insert(passwordResetTokens)
            .values({
              tokenHash: sha256(token),
              userId: user.id,
              createdAt: now,
              expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
            })
            .returning({ id: passwordResetTokens.id });
        });
        // Built from PUBLIC_URL only: a forged Host header cannot redirect the link.
        const link = `${config.publicUrl}/reset-password?token=${token}`;
        try {
          await mailer.send(mailTemplates.passwordReset(user.email, link));
        } catch (error) {
          await db.delete(passwordResetTokens).where(eq(passwordResetTokens.id, row!.id));
          throw error;
        }
        await recordSecurityEvent(deps, {
          event: 'password_reset_requested',
          userId: user.id,
          meta,
        });
      })().catch((error) => deps.log.warn({ err: error }, 'password reset e-mail failed'));
      return { background };
    },

    /** Single use even under parallel requests: the token is claimed by one UPDATE. */
    async confirmPasswordReset({
      token,
      password,
      meta,
    }: {
      token: string;
      password: string;
      meta: RequestMeta;
    }) {
      assertStrongPassword(password);
      const passwordHash = await passwords.hash(password);
      const now = clock.now();
      const userId = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, sha256(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed) return null;
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: now })
          .where(eq(users.id, claimed.userId));
        // The terms promise that a reset logs out every session.
        await deleteUserSessions({ db: tx }, claimed.userId);
        return claimed.userId;
      });
      if (!userId) throw badRequest('invalid_token');
      await recordSecurityEvent(deps, { event: 'password_reset', userId, meta });
      return { userId };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
