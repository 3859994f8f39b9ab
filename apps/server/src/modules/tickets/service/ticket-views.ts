import type { TicketViewsAnswer } from '@studio/shared/staff';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import { ticketTabCounts as c, tickets } from '../../../db/schema/index';
import { forbidden } from '../../../lib/errors';
import type { TicketsContext } from './context';
import { type Actor, mayAssign } from './rules';
import { prepareSearch } from './search';
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
  const query = search
    ? sql`
    ${matching ? sql`with ${matching.ctes}` : sql``}
    select
      count(*) filter (where ${tickets.status} = 'open' and ${tickets.awaiting} = 'staff')::int as awaiting_staff,
      count(*) filter (where ${tickets.status} = 'open' and ${tickets.awaiting} = 'customer')::int as awaiting_customer,
      count(*) filter (where ${tickets.status} = 'open' and ${tickets.assigneeId} = ${input.actor.id})::int as mine,
      count(*) filter (where ${tickets.status} = 'open' and ${tickets.assigneeId} is null)::int as unassigned,
      count(*) filter (where ${tickets.status} = 'closed')::int as closed,
      count(*)::int as "all"
    from ${tickets} ${matching ? matching.join : sql`where false`}`
    : // Without a search, the same sums over the maintained summary (a few rows per admin).
      sql`
    select
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'open' and ${c.awaiting} = 'staff'), 0)::int as awaiting_staff,
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'open' and ${c.awaiting} = 'customer'), 0)::int as awaiting_customer,
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'open' and ${c.assigneeId} = ${input.actor.id}), 0)::int as mine,
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'open' and ${c.assigneeId} = 0), 0)::int as unassigned,
      coalesce(sum(${c.tickets}) filter (where ${c.status} = 'closed'), 0)::int as closed,
      coalesce(sum(${c.tickets}), 0)::int as "all"
    from ${c}`;
  const row = (await rowsOf<Record<string, number>>(database, query))[0] ?? {};
  const due =
    search && !matching
      ? { overdue: 0, soon: 0 }
      : await dueCounts(database, ctx.deps.clock.now(), matching);
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    views: {
      awaiting_staff: n('awaiting_staff'),
      awaiting_customer: n('awaiting_customer'),
      mine: n('mine'),
      unassigned: n('unassigned'),
      closed: n('closed'),
      all: n('all'),
      overdue: due.overdue,
      due_soon: due.soon,
    },
  };
}

/**
 * „Po terminie” and „Wkrótce termin” (DESIGN.md §7.9): they depend on the
 * time, so no maintained summary can hold them; both are counted over the
 * partial index of `due_at` (only tickets awaiting staff are in it).
 */
async function dueCounts(
  database: Db,
  now: Date,
  matching: Awaited<ReturnType<typeof prepareSearch>> | null,
): Promise<{ overdue: number; soon: number }> {
  const at = now.toISOString();
  const soonEnd = new Date(now.getTime() + SOON_MS).toISOString();
  const dueWindow = sql`${tickets.dueAt} is not null and ${tickets.dueAt} < ${soonEnd}::timestamptz`;
  const [row] = await rowsOf<{ overdue: number; soon: number }>(
    database,
    sql`
    ${matching ? sql`with ${matching.ctes}` : sql``}
    select
      count(*) filter (where ${tickets.dueAt} < ${at}::timestamptz)::int as overdue,
      count(*) filter (where ${tickets.dueAt} >= ${at}::timestamptz)::int as soon
    from ${tickets} ${matching ? matching.join : sql``} where ${dueWindow}`,
  );
  return { overdue: Number(row?.overdue ?? 0), soon: Number(row?.soon ?? 0) };
}
