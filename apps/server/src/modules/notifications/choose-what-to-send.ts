import { and, asc, type Column, eq, gt, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketMessages, ticketReads, tickets, users } from '../../db/schema/index';
import { emailEnabled } from './email-preference';
import type { TicketMailJob } from './outbox';

/** What one ticket e-mail is about: who gets it and which messages it counts. */
export interface PendingTicketMail {
  ticket: { id: number; number: number; ownerId: number; owner: string };
  recipient: { id: number; email: string };
  /** The owner hears about staff replies; an admin about the customer's messages. */
  isOwner: boolean;
  unreadCount: number;
  /** The messages counted, oldest first: the e-mail quotes them. */
  messageIds: number[];
  /** The last message counted: later e-mails start after it. */
  newestMessageId: number;
  /** Whether the first unread message opened the ticket (only asked for admins' e-mails). */
  isNewTicket: boolean;
  /** A guest owner (no password, DESIGN.md §7.6) cannot log in: the e-mail points to registering. */
  isGuest: boolean;
}

const isDistinctFrom = (column: Column, value: number): SQL =>
  sql`${column} is distinct from ${value}`;

/**
 * One e-mail for everything still unread: the owner hears about staff
 * replies, an admin about the customer's messages that no staff member has
 * answered yet. Messages already mailed about are never mailed again.
 * Null when there is nothing to send (or nobody who should get it).
 */
export async function chooseWhatToSend(
  db: Db,
  job: TicketMailJob,
): Promise<PendingTicketMail | null> {
  const [ticket] = await db
    .select({
      id: tickets.id,
      number: tickets.number,
      ownerId: tickets.ownerId,
      owner: users.username,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.ownerId))
    .where(eq(tickets.id, job.ticketId));
  if (!ticket) return null;
  const [recipient] = await db.select().from(users).where(eq(users.id, job.userId));
  if (!recipient) return null;
  const isOwner = recipient.id === ticket.ownerId;
  if (!isOwner && !recipient.isAdmin) return null;
  if (!(await emailEnabled(db, recipient.id))) return null;
  // The address bounces (a delivery report for one of our mails): nothing goes
  // there, and nothing counts as sent, until the user signs in or changes it.
  if (recipient.emailBouncingAt) return null;

  const [read] = await db
    .select()
    .from(ticketReads)
    .where(and(eq(ticketReads.ticketId, ticket.id), eq(ticketReads.userId, recipient.id)));
  let since = Math.max(read?.lastReadMessageId ?? 0, read?.lastNotifiedMessageId ?? 0);
  if (!isOwner) {
    const [answered] = await db
      .select({ id: max(ticketMessages.id) })
      .from(ticketMessages)
      .where(
        and(
          eq(ticketMessages.ticketId, ticket.id),
          isDistinctFrom(ticketMessages.authorId, ticket.ownerId),
          // A note is not an answer to the customer.
          eq(ticketMessages.internal, false),
        ),
      );
    since = Math.max(since, Number(answered?.id ?? 0));
  }
  const unread = await db
    .select({ id: ticketMessages.id, body: ticketMessages.body })
    .from(ticketMessages)
    .where(
      and(
        eq(ticketMessages.ticketId, ticket.id),
        gt(ticketMessages.id, since),
        // Notes are never mailed: not to the customer, nor to staff (docs/tickets.md).
        eq(ticketMessages.internal, false),
        isOwner
          ? isDistinctFrom(ticketMessages.authorId, ticket.ownerId)
          : eq(ticketMessages.authorId, ticket.ownerId),
      ),
    )
    .orderBy(asc(ticketMessages.id));
  const newest = unread.at(-1)?.id;
  if (newest === undefined) return null;

  let isNewTicket = false;
  if (!isOwner) {
    const [first] = await db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket.id))
      .orderBy(asc(ticketMessages.id))
      .limit(1);
    isNewTicket = first?.id === unread[0]?.id;
  }
  return {
    ticket,
    recipient: { id: recipient.id, email: recipient.email },
    isOwner,
    unreadCount: unread.length,
    messageIds: unread.map((m) => m.id),
    newestMessageId: newest,
    isNewTicket,
    isGuest: isOwner && recipient.passwordHash === null,
  };
}
