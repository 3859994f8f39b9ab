import { and, eq, isNull, sql } from 'drizzle-orm';
import { sentTicketMails, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { announceSessionEvent } from '../auth/index';
import type { DeliveryReport, ReportRecipient } from './delivery-report';

/**
 * A bounce counts only for a mail sent this recently: real servers give up
 * within five days (Postfix's and Exchange's default queue lifetimes), and an
 * old Message-ID that leaked (a customer forwarded our mail) stops working.
 */
export const BOUNCE_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** `Action: failed` with a permanent (5.x.x) status; `delayed` (4.x.x) and the rest are no bounce. */
const isPermanentFailure = (r: ReportRecipient) =>
  r.action === 'failed' && r.status.trim().startsWith('5.');

export type BounceOutcome = { kind: 'bounce'; userId: number } | { kind: 'automatic' };

/**
 * Marks the address a bounce names as bouncing (`users.email_bouncing_at`),
 * only when the report is for one of our ticket e-mails: the returned
 * headers' Message-ID is one we sent (random, 96 bits, known only to its
 * recipient's mail path), the failed recipient is the address that very mail
 * went to, and that is still the user's address. Anything else is set aside
 * for staff like any automatic mail, and nothing is marked: a forged or
 * foreign report cannot silence a customer (docs/email.md, Bounces).
 */
export async function markBouncing(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'bus' | 'sessionCache'>,
  report: DeliveryReport,
): Promise<BounceOutcome> {
  const { db, clock, log } = deps;
  const failed = report.recipients.filter(isPermanentFailure);
  if (!report.originalMessageId || !failed.length) return { kind: 'automatic' };
  const [sent] = await db
    .select()
    .from(sentTicketMails)
    .where(eq(sentTicketMails.messageId, report.originalMessageId));
  if (!sent) {
    log.info('delivery report for a mail we did not send: left for staff');
    return { kind: 'automatic' };
  }
  const address = sent.email.toLowerCase();
  const named = failed.some((r) => r.finalRecipient === address || r.originalRecipient === address);
  const age = clock.now().getTime() - sent.createdAt.getTime();
  if (!named || age > BOUNCE_WINDOW_MS) {
    log.warn(
      { userId: sent.userId, named, age },
      'delivery report naming our mail but not its recipient, or too old: nothing marked',
    );
    return { kind: 'automatic' };
  }
  const [cleared] = await db
    .select({ at: users.emailBounceClearedAt })
    .from(users)
    .where(eq(users.id, sent.userId));
  if (cleared?.at && sent.createdAt.getTime() <= cleared.at.getTime()) {
    log.info(
      { userId: sent.userId },
      'bounce for a mail sent before the user signed in again: nothing marked',
    );
    return { kind: 'automatic' };
  }
  const now = clock.now();
  const marked = await db
    .update(users)
    .set({ emailBouncingAt: now })
    .where(
      and(
        eq(users.id, sent.userId),
        // The user has since changed the address: the old one bouncing says nothing of the new.
        eq(sql`lower(${users.email})`, address),
        isNull(users.emailBouncingAt),
      ),
    )
    .returning({ id: users.id });
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, sent.userId));
  if (!user || user.email.toLowerCase() !== address) {
    log.info(
      { userId: sent.userId },
      'bounce for an address the user no longer has: nothing marked',
    );
    return { kind: 'automatic' };
  }
  if (marked.length) {
    log.warn({ userId: sent.userId }, 'e-mail address bounces: ticket e-mails stop until sign-in');
    // Cached sessions read the user again, so the banner shows on the next call.
    await announceSessionEvent(deps, { type: 'user-changed', userId: sent.userId });
  }
  return { kind: 'bounce', userId: sent.userId };
}
