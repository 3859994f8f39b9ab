import type { AccountChange } from '@studio/shared/account-lock';
import { and, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  accountLockTokens,
  emailCodes,
  loginChallenges,
  passkeys,
  passwordResetTokens,
  pushSubscriptions,
  users,
  userTotp,
} from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { badRequest, rateLimited } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { sha256 } from '../../lib/tokens';
import {
  announceSessionEvent,
  deleteRecoveryCodes,
  endUserSessions,
  LOCK_TOKEN_TTL_MS,
} from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

/**
 * Made-up or stale lock tokens per client address, like reset tokens (finding
 * 5): a good token gives its try back, so only guessing is throttled.
 */
const FAILURE_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

type LockToken = typeof accountLockTokens.$inferSelect;

/** What a lock undid, for the security log. */
interface Undone {
  passkeys: number[];
  totp: boolean;
  email_restored: string | null;
}

/** Takes the token once: a second click, an expired or unknown link finds nothing. */
async function takeToken(deps: Pick<AppDeps, 'db' | 'clock'>, token: string, now: Date) {
  const [taken] = await deps.db
    .update(accountLockTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountLockTokens.tokenHash, sha256(token)),
        isNull(accountLockTokens.usedAt),
        gt(accountLockTokens.expiresAt, now),
      ),
    )
    .returning();
  return taken;
}

/**
 * The passkey the alert named, and every passkey added within the lifetime of
 * a lock link (7 days): each was reported by an alert whose link still works,
 * and one click must undo them all, whichever alert the owner opened first (a
 * thief adds a passkey, then changes the password: the owner clicks the
 * second mail). Older passkeys were accepted by the owner and stay: they are
 * the owner's way back.
 */
async function removePasskeys(tx: Db, token: LockToken, recent: Date): Promise<number[]> {
  const named = Number(token.details?.passkey_id);
  const removed = await tx
    .delete(passkeys)
    .where(
      and(
        eq(passkeys.userId, token.userId),
        or(
          gte(passkeys.createdAt, recent),
          Number.isInteger(named) ? eq(passkeys.id, named) : undefined,
        ),
      ),
    )
    .returning({ id: passkeys.id });
  return removed.map((row) => row.id);
}

/**
 * The app goes, with its recovery codes, when the alert was about it (turned
 * on, or new recovery codes: only its holder can mint them, so a stranger
 * holding them holds the app) or it was turned on within the last 7 days.
 */
async function removeApp(
  tx: Db,
  token: LockToken,
  change: AccountChange,
  recent: Date,
): Promise<boolean> {
  const named = change === 'totp_enabled' || change === 'recovery_codes_regenerated';
  const removed = await tx
    .delete(userTotp)
    .where(
      and(eq(userTotp.userId, token.userId), named ? undefined : gte(userTotp.enabledAt, recent)),
    )
    .returning({ userId: userTotp.userId });
  if (removed.length) await deleteRecoveryCodes(tx, token.userId);
  return removed.length > 0;
}

/**
 * Puts back the address the alert went to, if the account still has the one
 * the change set: the password reset that opens the account again must reach
 * the owner, not whoever moved the address. An address taken by another
 * account meanwhile is left as it is (the password stays locked; staff help).
 */
async function restoreEmail(tx: Db, token: LockToken, now: Date): Promise<string | null> {
  const from = token.details?.from;
  const to = token.details?.to;
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  try {
    const [row] = await tx.transaction(async (inner) =>
      inner
        .update(users)
        // Another address: a bounce of the one taken back says nothing of it (docs/email.md).
        .set({
          email: from,
          emailVerifiedAt: now,
          emailBouncingAt: null,
          emailBounceClearedAt: now,
          updatedAt: now,
        })
        .where(and(eq(users.id, token.userId), sql`lower(${users.email}) = lower(${to})`))
        .returning({ email: users.email }),
    );
    return row?.email ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * „To nie ja” (`POST /api/security/lock`, DESIGN.md §7.7): the link from an
 * account-change alert. Takes its token once, ends every session of the
 * account at once on every instance, undoes what the alert names (the passkey
 * added, the app turned on, the address changed) and any passkey or app added
 * in the last 7 days, and locks the password until
 * a reset by e-mail: login answers 403 `password_reset_required`. Pending
 * sign-ins, reset links, e-mailed codes and push subscriptions die with it. Older passkeys keep
 * signing in: they are the owner's way back.
 */
export async function lockAccount(
  deps: AppDeps,
  { token, meta }: { token: string; meta: RequestMeta },
): Promise<void> {
  const { db, clock, limiter, config } = deps;
  const tries = await limiter.reserve([
    {
      key: `lockFailures:ip:${meta.throttleAddress}`,
      limit: FAILURE_LIMIT.limit * config.addressLimitFactor,
      windowMs: FAILURE_LIMIT.windowMs,
    },
  ]);
  if (tries.retryAfterMs > 0) throw rateLimited(tries.retryAfterMs);
  const now = clock.now();
  const taken = await takeToken(deps, token, now);
  if (!taken) {
    await recordSecurityEvent(deps, { event: 'lock_failed', meta });
    throw badRequest('invalid_token');
  }
  await tries.release();
  const change = taken.change as AccountChange;
  const userId = taken.userId;
  const undone: Undone = await db.transaction(async (tx) => {
    const recent = new Date(now.getTime() - LOCK_TOKEN_TTL_MS);
    const result: Undone = {
      passkeys: await removePasskeys(tx, taken, recent),
      totp: await removeApp(tx, taken, change, recent),
      email_restored: change === 'email_changed' ? await restoreEmail(tx, taken, now) : null,
    };
    const [user] = await tx
      .update(users)
      .set({ passwordLockedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    // Signed out everywhere means no device keeps hearing about the account's tickets either.
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    // The reset that opens the account must be a new one, to the address it has now.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(
        and(
          isNull(emailCodes.consumedAt),
          or(
            eq(emailCodes.subject, `user:${userId}`),
            user ? eq(emailCodes.email, user.email.toLowerCase()) : undefined,
          ),
        ),
      );
    return result;
  });
  const ended = await endUserSessions(deps, { userId });
  await announceSessionEvent(deps, { type: 'user-changed', userId });
  await recordSecurityEvent(deps, {
    event: 'account_locked',
    userId,
    meta,
    details: { change, lock_token_id: taken.id, ended, ...undone },
  });
}
