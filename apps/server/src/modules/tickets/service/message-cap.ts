import { MAX_MESSAGES_PER_TICKET } from '@studio/shared/limits';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets, users } from '../../../db/schema/index';
import { AppError } from '../../../lib/errors';
import type { TicketRow } from './context';

/**
 * The ticket (with the number of its messages, the row's own count kept by
 * insert-message.ts) and, when asked for, its author's name, in one round
 * trip: a post is a handful of small statements, and each costs as much as its
 * work. Counting the thread here instead was 0.4 ms of CPU per post on PGlite,
 * which visits every message's row to check it is visible.
 */
export async function ticketWithAuthorName(
  database: Db,
  ticketId: number,
  options: { lock: boolean; authorId?: number },
): Promise<{ ticket: TicketRow; authorName: string | null } | undefined> {
  const query = database
    .select({
      ticket: tickets,
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
export function refuseIfTicketFull(ticket: TicketRow) {
  if (ticket.messageCount >= MAX_MESSAGES_PER_TICKET) throw new AppError(409, 'ticket_full');
}
