import type { TicketItem, TicketListAnswer, TicketStatus } from '@studio/shared/tickets';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import type { TransactionSettings } from '../../../db/transaction-settings';
import { searchExcerpt } from '../../search/index';
import { afterColumnCursor, type ColumnOrder, columnOrderOf, columnValueOf } from './column-order';
import type { TicketsContext } from './context';
import {
  decodeColumnCursor,
  decodeCursor,
  decodeSearchCursor,
  encodeColumnCursor,
  encodeCursor,
  encodeSearchCursor,
} from './cursor';
import type { Actor } from './rules';
import { rankedPage, SEARCH_OFFSET_MAX, searchSettings } from './search';
import { afterCursor, type StaffFilters, staffConditions } from './staff-filters';
import { selectRankedTicketItems, selectTicketItems, toTicketItem } from './ticket-items';

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
  const now = ctx.deps.clock.now();
  const conditions: SQL[] = staffConditions(input.actor, input, now);
  if (input.status) conditions.push(eq(tickets.status, input.status));
  const q = input.q?.trim();
  if (q) return searchTickets(database, ctx.deps.db, input, q, conditions, now);
  const columnOrder = columnOrderOf(input);
  if (columnOrder) return listByColumn(database, input, columnOrder, conditions, now);

  if (input.cursor) conditions.push(afterCursor(input.sort, decodeCursor(input.cursor)));
  const order = input.sort === 'waiting' ? 'waiting' : 'activity';
  const rows = await selectTicketItems(database, input.actor, conditions, input.limit + 1, order);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const lastAt = order === 'waiting' ? last?.awaitingSince : last?.lastActivityAt;
  return {
    tickets: page.map((row) => toTicketItem(row, input.actor, now)),
    next_cursor:
      rows.length > input.limit && last && lastAt
        ? encodeCursor(lastAt.toISOString(), last.id)
        : null,
  };
}

/** Staff's list sorted by a column (issue 31), paged by that column's value and the id. */
async function listByColumn(
  database: Db,
  input: ListInput,
  order: ColumnOrder,
  conditions: SQL[],
  now: Date,
): Promise<TicketListAnswer> {
  if (input.cursor) {
    conditions.push(afterColumnCursor(order, decodeColumnCursor(order.column, input.cursor)));
  }
  const rows = await selectTicketItems(database, input.actor, conditions, input.limit + 1, order);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    tickets: page.map((row) => toTicketItem(row, input.actor, now)),
    next_cursor:
      rows.length > input.limit && last
        ? encodeColumnCursor(columnValueOf(order.column, last), last.id)
        : null,
  };
}

/**
 * What the list's transaction must have set (search.ts `searchSettings`), so
 * the route's read sets it with the transaction's snapshot: a search's
 * settings then cost no round trip of their own (db/snapshot-read.ts).
 */
export function listSettings(input: Pick<ListInput, 'actor' | 'q'>): TransactionSettings {
  // The list's search is planned once for staff (search.ts `rankedPage`).
  return input.q?.trim() ? searchSettings(input.actor.isAdmin) : {};
}

/** A search: its page of items, ranked, each with its excerpt, in one statement (search.ts `rankedPage`). */
async function searchTickets(
  database: Db,
  root: Db,
  input: ListInput,
  q: string,
  conditions: SQL[],
  now: Date,
): Promise<TicketListAnswer> {
  const offset = input.cursor ? decodeSearchCursor(input.cursor, SEARCH_OFFSET_MAX) : 0;
  // rankedPage → prepareSearch sets the statement timeout of finding 16 for this transaction.
  const ranked = await rankedPage(database, {
    actor: input.actor,
    q,
    conditions,
    limit: input.limit + 1,
    offset,
    root,
  });
  if (ranked === null) return { tickets: [], next_cursor: null };
  const rows = await selectRankedTicketItems(database, input.actor, ranked.page);
  const wanted = new Set(ranked.terms.loose.flat());
  const items: TicketItem[] = rows.slice(0, input.limit).map((row) => ({
    ...toTicketItem(row, input.actor, now),
    match: matchExcerpt(row, wanted, ranked.terms.prefixes),
  }));
  const nextOffset = offset + input.limit;
  return {
    tickets: items,
    next_cursor:
      rows.length > input.limit && nextOffset <= SEARCH_OFFSET_MAX
        ? encodeSearchCursor(nextOffset)
        : null,
  };
}

/** A result's excerpt of its best message (its text read with the ranking: search.ts `bestMessage`). */
function matchExcerpt(
  row: { matchId: number | string | null; matchBody: string | null },
  wanted: ReadonlySet<string>,
  prefixes: readonly string[],
): TicketItem['match'] {
  if (row.matchId === null || row.matchBody === null) return null;
  const { text, highlights } = searchExcerpt(row.matchBody, wanted, prefixes);
  // int8 comes back as a string from node-postgres.
  return { message_id: Number(row.matchId), text, highlights };
}
