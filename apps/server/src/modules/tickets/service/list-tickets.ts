import type { TicketItem, TicketListAnswer, TicketStatus } from '@studio/shared/tickets';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketMessages, tickets } from '../../../db/schema/index';
import { type SearchTerms, searchExcerpt } from '../../search/index';
import type { TicketsContext } from './context';
import { decodeCursor, decodeSearchCursor, encodeCursor, encodeSearchCursor } from './cursor';
import type { Actor } from './rules';
import {
  type RankedTicket,
  rankTickets,
  SEARCH_OFFSET_MAX,
  SEARCH_STATEMENT_TIMEOUT_MS,
} from './search';
import { afterCursor, type StaffFilters, staffConditions } from './staff-filters';
import { selectTicketItems, toTicketItem } from './ticket-items';

type ListInput = StaffFilters & {
  actor: Actor;
  status?: TicketStatus;
  q?: string;
  limit: number;
  cursor?: string;
};

/**
 * Newest activity first (or, for staff, the longest waiting first); owners
 * see theirs, staff see all, each with the viewer's unread count. With `q`,
 * the tickets that match, best first, each with its `match` (DESIGN.md §7.8).
 */
export async function listTickets(
  ctx: TicketsContext,
  input: ListInput,
  database: Db = ctx.deps.db,
): Promise<TicketListAnswer> {
  const conditions: SQL[] = staffConditions(input.actor, input);
  if (input.status) conditions.push(eq(tickets.status, input.status));
  const q = input.q?.trim();
  if (q) return searchTickets(database, input, q, conditions);

  if (input.cursor) conditions.push(afterCursor(input.sort, decodeCursor(input.cursor)));
  const order = input.sort === 'waiting' ? 'waiting' : 'activity';
  const rows = await selectTicketItems(database, input.actor, conditions, input.limit + 1, order);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const lastAt = order === 'waiting' ? last?.awaitingSince : last?.lastActivityAt;
  return {
    tickets: page.map((row) => toTicketItem(row, input.actor)),
    next_cursor:
      rows.length > input.limit && last && lastAt
        ? encodeCursor(lastAt.toISOString(), last.id)
        : null,
  };
}

/** A search: ranked ids first, then those tickets as items, then their excerpts. */
async function searchTickets(
  database: Db,
  input: ListInput,
  q: string,
  conditions: SQL[],
): Promise<TicketListAnswer> {
  const offset = input.cursor ? decodeSearchCursor(input.cursor, SEARCH_OFFSET_MAX) : 0;
  // Finding 16: a search that runs away is stopped by PostgreSQL (local to this read-only transaction).
  await database.execute(sql.raw(`set local statement_timeout = ${SEARCH_STATEMENT_TIMEOUT_MS}`));
  const { ranked, terms } = await rankTickets(database, {
    actor: input.actor,
    q,
    conditions,
    limit: input.limit + 1,
    offset,
  });
  const page = ranked.slice(0, input.limit);
  if (page.length === 0 || terms === null) return { tickets: [], next_cursor: null };

  const rows = await selectTicketItems(
    database,
    input.actor,
    [
      inArray(
        tickets.id,
        page.map((hit) => hit.id),
      ),
    ],
    page.length,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const excerpts = await matchExcerpts(database, page, terms);
  const items: TicketItem[] = [];
  for (const hit of page) {
    const row = byId.get(hit.id);
    // Gone between the two reads (deleted): left out.
    if (row) items.push({ ...toTicketItem(row, input.actor), match: excerpts.get(hit.id) ?? null });
  }
  const nextOffset = offset + input.limit;
  return {
    tickets: items,
    next_cursor:
      ranked.length > input.limit && nextOffset <= SEARCH_OFFSET_MAX
        ? encodeSearchCursor(nextOffset)
        : null,
  };
}

/** Each result's excerpt of its best message (read only for the page's messages). */
async function matchExcerpts(
  database: Db,
  page: readonly RankedTicket[],
  terms: SearchTerms,
): Promise<Map<number, NonNullable<TicketItem['match']>>> {
  const messageIds = page.flatMap((hit) => (hit.messageId === null ? [] : [hit.messageId]));
  const excerpts = new Map<number, NonNullable<TicketItem['match']>>();
  if (messageIds.length === 0) return excerpts;
  const bodies = await database
    .select({ id: ticketMessages.id, ticketId: ticketMessages.ticketId, body: ticketMessages.body })
    .from(ticketMessages)
    .where(inArray(ticketMessages.id, messageIds));
  const wanted = new Set(terms.loose.flat());
  for (const message of bodies) {
    const { text, highlights } = searchExcerpt(message.body, wanted, terms.prefixes);
    excerpts.set(message.ticketId, { message_id: Number(message.id), text, highlights });
  }
  return excerpts;
}
