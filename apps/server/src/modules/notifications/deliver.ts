import { sql } from 'drizzle-orm';
import { sentTicketMails, ticketReads } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { MailMessage } from '../../mail/transport';
import type { PendingTicketMail } from './choose-what-to-send';

/**
 * Records the e-mail's Message-ID first (a reply to it must be matched even if
 * the process dies right after sending), sends it, then records the newest message it counted, so the next
 * e-mail starts after it. A failed send records nothing and the job is retried.
 */
export async function deliverTicketMail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock'>,
  pending: PendingTicketMail,
  message: MailMessage,
) {
  const { db, mailer } = deps;
  const newest = pending.newestMessageId;
  if (message.messageId) {
    await db.insert(sentTicketMails).values({
      messageId: message.messageId,
      ticketId: pending.ticket.id,
      userId: pending.recipient.id,
      email: pending.recipient.email,
      createdAt: deps.clock.now(),
    });
  }
  await mailer.send(message);
  await db
    .insert(ticketReads)
    .values({
      ticketId: pending.ticket.id,
      userId: pending.recipient.id,
      lastNotifiedMessageId: newest,
    })
    .onConflictDoUpdate({
      target: [ticketReads.ticketId, ticketReads.userId],
      set: {
        lastNotifiedMessageId: sql`greatest(${ticketReads.lastNotifiedMessageId}, ${newest})`,
      },
    });
}
