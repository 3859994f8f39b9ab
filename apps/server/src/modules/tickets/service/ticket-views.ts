import type { TicketViewsAnswer } from '@studio/shared/staff';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import { ticketTabCounts as c, tickets } from '../../../db/schema/index';
import type { TransactionSettings } from '../../../db/transaction-settings';
import { forbidden } from '../../../lib/errors';
import type { TicketsContext } from './context';
import { type Actor, mayAssign } from './rules';
import { prepareSearch, type SearchQuery, searchSettings } from './search';
import { SOON_MS } from './staff-filters';

/**
 * `GET /api/admin/ticket-views?q=` (staff): how many tickets each tab holds,
 * with the list's search applied: without a search, sums over the summary
 * the tickets table's triggers keep (`ticket_tab_counts`); with one, a pass
 * over the tickets the search finds (`searchQuery`: those of its newest
 * matches, SEARCH_CANDIDATES_MAX). „Moje” and „Nieprzypisane” count
 * open tickets, as those tabs list them (`status=open`).
 */
export async function ticketViews(
  ctx: TicketsContext,
  input: { actor: Actor; q?: string },
  database: Db = ctx.deps.db,
): Promise<TicketViewsAnswer> {
  if (!mayAssign(input.actor)) throw forbidden();
  const search = input.q?.trim();
  // prepareSearch also sets the statement timeout (finding 16).
  const matching = search ? await prepareSearch(database, input.actor, search, ctx.deps.db) : null;
  const now = ctx.deps.clock.now();
  const at = now.toISOString();
  const soonEnd = new Date(now.getTime() + SOON_MS).toISOString();
  // A search with nothing to search by (`matching` null) finds nothing: every count 0.
  const row = search
    ? matching
      ? await searchCounts(database, input.actor, matching, at, soonEnd)
      : {}
    : {
        ...(await summaryCounts(database, input.actor)),
        ...(await dueCounts(database, at, soonEnd)),
      };
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    views: {
      awaiting_staff: n('awaiting_staff'),
      awaiting_customer: n('awaiting_customer'),
      mine: n('mine'),
      unassigned: n('unassigned'),
      closed: n('closed'),
      all: n('all'),
      overdue: n('overdue'),
      due_soon: n('soon'),
    },
  };
}

/**
 * What the counts' transaction must have set: a search's settings when `q`
 * is given (as `prepareSearch` asks, planned each time), so the route's read
 * sets them with its snapshot (db/snapshot-read.ts), a round trip fewer for
 * the counts the desk asks beside every search as you type.
 */
export function ticketViewsSettings(input: { q?: string }): TransactionSettings {
  return input.q?.trim() ? searchSettings(false) : {};
}

/**
 * With a search, every count in one pass over the tickets it finds: its
 * statement finds them once (the due window as in `dueCounts`).
 */
async function searchCounts(
  database: Db,
  actor: Actor,
  matching: SearchQuery,
  at: string,
  soonEnd: string,
): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number>>(
    database,
    sql`
    with ${matching.ctes}
    select
      count(*) filter (where ${tickets.status} = 'open' and ${tickets.awaiting} = 'staff')::int as awaiting_staff,
      count(*) filter (where ${tickets.status} = 'open' and ${tickets.awaiting} = 'customer')::int as awaiting_customer,
      count(*) filter (where ${tickets.status} = 'open' and ${tickets.assigneeId} = ${actor.id})::int as mine,
      count(*) filter (where ${tickets.status} = 'open' and ${tickets.assigneeId} is null)::int as unassigned,
      count(*) filter (where ${tickets.status} = 'closed')::int as closed,
      count(*)::int as "all",
      count(*) filter (where ${tickets.dueAt} < ${at}::timestamptz)::int as overdue,
      count(*) filter (where ${tickets.dueAt} >= ${at}::timestamptz
        and ${tickets.dueAt} < ${soonEnd}::timestamptz)::int as soon
    from ${tickets} ${matching.join}`,
  );
  return row ?? {};
}

/** Without a search, the tabs' sums over the maintained summary (a few rows per admin). */
async function summaryCounts(database: Db, actor: Actor): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number>>(
    database,
    sql`
    select
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'open' and ${c.awaiting} = 'staff'), 0)::int as awaiting_staff,
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'open' and ${c.awaiting} = 'customer'), 0)::int as awaiting_customer,
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'open' and ${c.assigneeId} = ${actor.id}), 0)::int as mine,
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'open' and ${c.assigneeId} = 0), 0)::int as unassigned,
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'closed'), 0)::int as closed,
      coalesce(sum(${c.tickets}), 0)::int as "all"
    from ${c}`,
  );
  return row ?? {};
}

/**
 * „Po terminie” and „Wkrótce termin” without a search (DESIGN.md §7.9): they
 * depend on the time, so no maintained summary can hold them; both are
 * counted over the partial index of `due_at` (only tickets awaiting staff
 * are in it).
 */
async function dueCounts(
  database: Db,
  at: string,
  soonEnd: string,
): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number>>(
    database,
    sql`
    select
      count(*) filter (where ${tickets.dueAt} < ${at}::timestamptz)::int as overdue,
      count(*) filter (where ${tickets.dueAt} >= ${at}::timestamptz)::int as soon
    from ${tickets}
    where ${tickets.dueAt} is not null and ${tickets.dueAt} < ${soonEnd}::timestamptz`,
  );
  return row ?? {};
}
