import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountLockTokens,
  emailCodes,
  inquiries,
  loginChallenges,
  passwordResetTokens,
  sessions,
} from '../../db/schema/index';

/**
 * Finding 22: what has expired is deleted, so the tables do not grow forever
 * and keep no personal data past its use: `email_codes` holds every address
 * typed into registration, sessions hold IP and browser. A day of grace
 * keeps rows around long enough to answer "why did my code/link not work".
 */
export const EXPIRED_GRACE_MS = 24 * 60 * 60 * 1000;

export async function purgeExpired(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - EXPIRED_GRACE_MS);
  const counts = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, cutoff)).returning({ id: sessions.id }),
    db
      .delete(emailCodes)
      .where(
        or(
          lt(emailCodes.expiresAt, cutoff),
          and(isNotNull(emailCodes.consumedAt), lt(emailCodes.consumedAt, cutoff)),
        ),
      )
      .returning({ id: emailCodes.id }),
    db
      .delete(loginChallenges)
      .where(lt(loginChallenges.expiresAt, cutoff))
      .returning({ id: loginChallenges.id }),
    db
      .delete(passwordResetTokens)
      .where(
        or(
          lt(passwordResetTokens.expiresAt, cutoff),
          and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, cutoff)),
        ),
      )
      .returning({ id: passwordResetTokens.id }),
    // „To nie ja” links (DESIGN.md §7.7): the security log keeps what a used one did.
    db
      .delete(accountLockTokens)
      .where(
        or(
          lt(accountLockTokens.expiresAt, cutoff),
          and(isNotNull(accountLockTokens.usedAt), lt(accountLockTokens.usedAt, cutoff)),
        ),
      )
      .returning({ id: accountLockTokens.id }),
    // Inquiries (DESIGN.md §7.6) hold a visitor's name, address and text: none outlives its link.
    db.delete(inquiries).where(lt(inquiries.expiresAt, cutoff)).returning({ id: inquiries.id }),
  ]);
  return counts.reduce((sum, rows) => sum + rows.length, 0);
}
