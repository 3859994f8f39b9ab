import { and, eq, isNull, or } from 'drizzle-orm';
import { emailCodes, loginChallenges, passwordResetTokens, users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import type { RequestMeta } from '../../lib/request-meta';
import {
  alertAccountChange,
  announceSessionEvent,
  assertStrongPassword,
  endUserSessions,
  passwords,
} from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';
import { confirmPassword } from './confirm-password';
import { emailChangeSubject } from './request-email-change';

/**
 * „Zmień hasło” while signed in (DESIGN.md §7.3). The current password is
 * required, so a session left open on a shared computer cannot lock the owner
 * out. Every other session ends at once on every instance; this one stays.
 * Whatever the old password started ends too, as after a reset (finding 23):
 * pending 2FA logins, unused reset links and e-mailed codes. The owner is told
 * by e-mail, with „To nie ja” (DESIGN.md §7.7). Answers the updated user, whose new hash re-signs this browser's
 * device cookie (the old one is void with the old hash).
 */
export async function changePassword(
  deps: AppDeps,
  input: {
    user: UserRow;
    sessionId: number;
    currentPassword: string;
    newPassword: string;
    meta: RequestMeta;
  },
): Promise<UserRow> {
  const { db, clock } = deps;
  const { meta } = input;
  const current = await confirmPassword(deps, {
    user: input.user,
    password: input.currentPassword,
    meta,
  });
  assertStrongPassword(input.newPassword);
  const passwordHash = await passwords.hash(input.newPassword);
  const now = clock.now();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, current.id))
      .returning();
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, current.id));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, current.id), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(
        and(
          isNull(emailCodes.consumedAt),
          or(
            eq(emailCodes.email, current.email.toLowerCase()),
            // A pending e-mail change is one of the things the old password started.
            eq(emailCodes.subject, emailChangeSubject(current.id)),
          ),
        ),
      );
    return row ?? current;
  });
  const ended = await endUserSessions(deps, { userId: current.id, keepSessionId: input.sessionId });
  // This session's cached user still holds the old hash.
  await announceSessionEvent(deps, { type: 'user-changed', userId: current.id });
  await recordSecurityEvent(deps, {
    event: 'password_changed',
    userId: current.id,
    meta,
    details: { ended },
  });
  await alertAccountChange(deps, { user: current, change: 'password_changed', meta });
  return updated;
}
