import { RESET_TOKEN_TTL_MS } from '@studio/shared/limits';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { emailCodes, loginChallenges, passwordResetTokens, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { badRequest, rateLimited } from '../../lib/errors';
import { consume } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/request-meta';
import { randomToken, sha256 } from '../../lib/tokens';
import { mailTemplates } from '../../mail/templates';
import { recordSecurityEvent } from '../security-log/index';
import { alertAccountChange } from './account-alert';
import { countRecipient, reserveForAddress } from './address-limits';
import { assertStrongPassword, findUserByEmail } from './credentials';
import { passwords } from './passwords';
import { announceSessionEvent, deleteUserSessions } from './sessions';

/** Per address: at most 3 requests a minute and 10 an hour. */
const REQUEST_LIMITS = [
  { limit: 3, windowMs: 60_000 },
  { limit: 10, windowMs: 3_600_000 },
];

/**
 * Answers the same whether or not the address has an account: the work
 * that differs (token, e-mail) happens after the response is decided, in
 * the background, so neither the answer nor its timing tells.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  { email, meta }: { email: string; meta: RequestMeta },
) {
  const { db, clock, config, mailer, limiter } = deps;
  // Per client address first (findings 3, 6): these hold whether or not the address has an account.
  await reserveForAddress(deps, 'resetRequest', meta);
  await countRecipient(deps, meta, email);
  const wait = await consume(
    limiter,
    `reset-request:${email.trim().toLowerCase()}`,
    REQUEST_LIMITS,
  );
  if (wait > 0) throw rateLimited(wait);
  const background = deps.background.run(
    (async () => {
      const user = await findUserByEmail(db, email);
      // A guest (DESIGN.md §7.6) gets a password only by registering with its address.
      if (!user || user.passwordHash === null) return;
      const token = randomToken();
      const now = clock.now();
      const [row] = await db.transaction(async (tx) => {
        // A new request voids the older links.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
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
    })().catch((error) => deps.log.warn({ err: error }, 'password reset e-mail failed')),
  );
  return { background };
}

/** Whether the token names a live, unused link (a read: nothing is claimed yet). */
async function isLiveToken(deps: Pick<AppDeps, 'db' | 'clock'>, token: string) {
  const [row] = await deps.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Single use even under parallel requests: the token is claimed by one UPDATE.
 * The new password is hashed only once the token is known to be live, so made-up
 * tokens cost no argon2 (finding 5), and failures are counted per address.
 */
export async function confirmPasswordReset(
  deps: AppDeps,
  { token, password, meta }: { token: string; password: string; meta: RequestMeta },
) {
  const { db, clock } = deps;
  const tries = await reserveForAddress(deps, 'resetConfirmFailures', meta);
  assertStrongPassword(password);
  if (!(await isLiveToken(deps, token))) throw badRequest('invalid_token');
  const passwordHash = await passwords.hash(password);
  const now = clock.now();
  const user = await db.transaction(async (tx) => {
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
    const [user] = await tx
      .update(users)
      // A reset by e-mail is what „To nie ja” asks for: it opens the password again.
      .set({ passwordHash, passwordLockedAt: null, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning({ id: users.id, email: users.email });
    // The terms promise that a reset logs out every session.
    await deleteUserSessions({ db: tx }, claimed.userId);
    // Whatever was started with the old password ends too (finding 23): pending 2FA logins,
    // and every unused code sent to the account (login, 2FA change, account deletion).
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, claimed.userId));
    if (user) {
      await tx
        .update(emailCodes)
        .set({ consumedAt: now })
        .where(and(eq(emailCodes.email, user.email.toLowerCase()), isNull(emailCodes.consumedAt)));
    }
    return user ?? null;
  });
  if (!user) throw badRequest('invalid_token');
  const userId = user.id;
  await tries.release();
  // Every instance drops the ended sessions at once, not after its cache's 5 s.
  await announceSessionEvent(deps, { type: 'user-sessions-ended', userId });
  await recordSecurityEvent(deps, { event: 'password_reset', userId, meta });
  // Whoever reads the mailbox can reset: the owner hears of it, with „To nie ja”.
  await alertAccountChange(deps, {
    user,
    change: 'password_changed',
    meta,
    details: { by: 'reset' },
    byReset: true,
  });
  return { userId };
}
