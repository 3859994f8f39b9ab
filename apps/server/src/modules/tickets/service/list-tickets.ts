import type { TicketListAnswer, TicketStatus } from '@studio/shared/tickets';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import type { TicketsContext } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import type { Actor } from './rules';
import { SEARCH_STATEMENT_TIMEOUT_MS, searchCondition } from './search';
import { afterCursor, type StaffFilters, staffConditions } from './staff-filters';
import { selectTicketItems, toTicketItem } from './ticket-items';

/**
 * Newest activity first (or, for staff, the longest waiting first); owners
 * see theirs, staff see all, each with the viewer's unread count.
 */
export async function listTickets(
  ctx: TicketsContext,
  input: StaffFilters & {
    actor: Actor;
    status?: TicketStatus;
    q?: string;
    limit: number;
    cursor?: string;
  },
  database: Db = ctx.deps.db,
): Promise<TicketListAnswer> {
  const { actor } = input;
  const conditions: SQL[] = staffConditions(actor, input);
  if (input.status) conditions.push(eq(tickets.status, input.status));
  if (input.cursor) conditions.push(afterCursor(input.sort, decodeCursor(input.cursor)));
  const search = input.q?.trim();
  if (search) {
    // Finding 16: a search that runs away is stopped by PostgreSQL (local to this read-only transaction).
    await database.execute(sql.raw(`set local statement_timeout = ${SEARCH_STATEMENT_TIMEOUT_MS}`));
    conditions.push(searchCondition(search, actor));
  }
  const order = input.sort === 'waiting' ? 'waiting' : 'activity';
  const rows = await selectTicketItems(database, actor, conditions, input.limit + 1, order);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const lastAt = order === 'waiting' ? last?.awaitingSince : last?.lastActivityAt;
  return {
    tickets: page.map((row) => toTicketItem(row, actor)),
    next_cursor:
      rows.length > input.limit && last && lastAt
        ? encodeCursor(lastAt.toISOString(), last.id)
        : null,
  };
}
