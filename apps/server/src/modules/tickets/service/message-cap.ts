import { MAX_MESSAGES_PER_TICKET } from '@studio/shared/limits';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketMessages, tickets, users } from '../../../db/schema/index';
import { AppError } from '../../../lib/errors';
import type { TicketRow } from './context';

/**
 * The ticket with the number of its messages, counted only up to the cap, so
 * it costs at most that many index entries. One statement instead of two: a
 * post is a handful of small statements, and each costs as much as its work.
 */
export async function ticketWithMessageCount(
  database: Db,
  ticketId: number,
  options: { lock: boolean; authorId?: number },
): Promise<{ ticket: TicketRow; messages: number; authorName: string | null } | undefined> {
  const query = database
    .select({
      ticket: tickets,
      messages: sql<number>`(select count(*)::int from (
        select 1 from ${ticketMessages} where ${ticketMessages.ticketId} = ${ticketId}
        limit ${MAX_MESSAGES_PER_TICKET}
      ) capped)`.mapWith(Number),
      // The author's name for the answer, in the same round trip when asked for.
      authorName: sql<string | null>`(select ${users.username} from ${users}
        where ${users.id} = ${options.authorId ?? null})`,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  const [row] = await (options.lock ? query.for('update', { of: tickets }) : query);
  return row;
}

/**
 * Finding 4: a ticket takes at most MAX_MESSAGES_PER_TICKET messages, staff
 * included; then 409 `ticket_full` (the conversation goes on in a new ticket).
 */
export function refuseIfTicketFull(messages: number) {
  if (messages >= MAX_MESSAGES_PER_TICKET) throw new AppError(409, 'ticket_full');
}
