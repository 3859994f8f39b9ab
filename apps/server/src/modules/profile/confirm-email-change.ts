import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { emailCodes, passwordResetTokens, users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import {
  alertAccountChange,
  announceSessionEvent,
  consumeCode,
  reserveForAddress,
} from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';
import { EMAIL_CHANGE_PURPOSE, emailChangeSubject } from './request-email-change';

/** The address the user's newest pending change code was sent to, if any. */
async function pendingAddress(deps: Pick<AppDeps, 'db' | 'clock'>, userId: number) {
  const [row] = await deps.db
    .select({ email: emailCodes.email })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.purpose, EMAIL_CHANGE_PURPOSE),
        eq(emailCodes.subject, emailChangeSubject(userId)),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(emailCodes.id))
    .limit(1);
  return row?.email;
}

/**
 * „Zmień adres e-mail”, step two: the code from the new mailbox switches the
 * address. Wrong codes are counted per client address (as at registration),
 * per recipient and per code (five tries). Sessions are kept; reset links sent
 * to the old address die; the old address is told, so a hijacker who changed
 * it cannot do so unseen.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  { user, code, meta }: { user: UserRow; code: string; meta: RequestMeta },
): Promise<UserRow> {
  const { db, clock, limiter, config } = deps;
  const tries = await reserveForAddress(deps, 'codeFailures', meta);
  const newEmail = await pendingAddress(deps, user.id);
  if (!newEmail) throw badRequest('invalid_code');
  const now = clock.now();
  let updated: UserRow | null;
  try {
    updated = await db.transaction(async (tx) => {
      const ok = await consumeCode(
        { db: tx, clock, limiter, config },
        {
          purpose: EMAIL_CHANGE_PURPOSE,
          email: newEmail,
          subject: emailChangeSubject(user.id),
          code,
        },
      );
      if (!ok) return null;
      const [row] = await tx
        .update(users)
        // A new address is a fresh start: whatever bounced was the old one.
        .set({
          email: newEmail,
          emailVerifiedAt: now,
          emailBouncingAt: null,
          emailBounceClearedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning();
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
      return row ?? null;
    });
  } catch (error) {
    // Someone registered the address between the code and its confirmation.
    if (isUniqueViolation(error)) throw new AppError(409, 'duplicate');
    throw error;
  }
  if (!updated) throw badRequest('invalid_code');
  await tries.release();
  await announceSessionEvent(deps, { type: 'user-changed', userId: user.id });
  await recordSecurityEvent(deps, {
    event: 'email_changed',
    userId: user.id,
    meta,
    details: { from: user.email, to: newEmail },
  });
  // To the old address: its „To nie ja” puts it back (modules/account-lock).
  await alertAccountChange(deps, {
    user: updated,
    change: 'email_changed',
    to: user.email,
    meta,
    details: { from: user.email, to: updated.email },
    newEmail: updated.email,
  });
  return updated;
}
