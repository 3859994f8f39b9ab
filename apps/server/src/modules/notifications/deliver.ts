import { sql } from 'drizzle-orm';
import { ticketReads } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { MailMessage } from '../../mail/transport';
import type { PendingTicketMail } from './choose-what-to-send';

/**
 * Sends the e-mail, then records the newest message it counted, so the next
 * e-mail starts after it. A failed send records nothing and the job is retried.
 */
export async function deliverTicketMail(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  pending: PendingTicketMail,
  message: MailMessage,
) {
  const { db, mailer } = deps;
  const newest = pending.newestMessageId;
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
