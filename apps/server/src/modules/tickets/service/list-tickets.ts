import type { TicketListAnswer, TicketStatus } from '@studio/shared/tickets';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketMessages, ticketReads, tickets, users } from '../../../db/schema/index';
import type { TicketsContext } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import type { Actor } from './rules';
import { searchCondition } from './search';

/** Newest activity first; owners see theirs, staff see all, each with the viewer's unread count. */
export async function listTickets(
  ctx: TicketsContext,
  input: { actor: Actor; status?: TicketStatus; q?: string; limit: number; cursor?: string },
  database: Db = ctx.deps.db,
): Promise<TicketListAnswer> {
  const { actor } = input;
  const conditions: SQL[] = [];
  if (!actor.isAdmin) conditions.push(eq(tickets.ownerId, actor.id));
  if (input.status) conditions.push(eq(tickets.status, input.status));
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor);
    conditions.push(
      sql`(${tickets.lastActivityAt}, ${tickets.id}) < (${cursor.at}::timestamptz, ${cursor.id}::int)`,
    );
  }
  const search = input.q?.trim();
  if (search) conditions.push(searchCondition(search));
  const unread = sql<number>`(
    select count(*) from ${ticketMessages} m
    where m.ticket_id = ${tickets.id}
      and m.id > coalesce(${ticketReads.lastReadMessageId}, 0)
      and m.author_id is distinct from ${actor.id}
  )::int`;
  const rows = await database
    .select({
      id: tickets.id,
      seq: tickets.seq,
      status: tickets.status,
      createdAt: tickets.createdAt,
      lastActivityAt: tickets.lastActivityAt,
      preview: tickets.lastMessagePreview,
      username: users.username,
      unread,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.ownerId))
    .leftJoin(
      ticketReads,
      and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.userId, actor.id)),
    )
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(tickets.lastActivityAt), desc(tickets.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    tickets: page.map((r) => ({
      id: r.id,
      seq: r.seq,
      username: r.username,
      status: r.status,
      unread_count: Number(r.unread),
      created_at: r.createdAt.toISOString(),
      last_activity_at: r.lastActivityAt.toISOString(),
      ...(r.preview ? { last_message_preview: r.preview } : {}),
    })),
    next_cursor:
      rows.length > input.limit && last
        ? encodeCursor(last.lastActivityAt.toISOString(), last.id)
        : null,
  };
}
