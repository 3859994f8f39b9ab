import type { TicketListQuery } from '@studio/shared/tickets';
import { and, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../../db/schema/index';
import { forbidden } from '../../../lib/errors';
import { type Actor, isTicketId, mayAssign } from './rules';

/** „Wkrótce termin”: due within the next hour and not yet overdue. */
export const SOON_MS = 60 * 60 * 1000;

export type StaffFilters = Pick<TicketListQuery, 'awaiting' | 'assignee' | 'sort' | 'dir' | 'due'>;

/** Whether the query asks for any staff-only filter or order. */
export function asksStaffFilters(filters: StaffFilters): boolean {
  return (
    filters.awaiting !== undefined ||
    filters.assignee !== undefined ||
    filters.sort === 'waiting' ||
    filters.sort === 'number' ||
    filters.sort === 'due' ||
    filters.dir !== undefined ||
    filters.due !== undefined
  );
}

/**
 * The staff filters of `GET /api/tickets` (DESIGN.md §7.2) as conditions. A
 * customer asking for them is refused (403): the views are a staff tool.
 * `awaiting` implies open (nobody is awaited on a closed ticket), and so does
 * `sort=waiting`, which lists the tickets someone waits on, longest first.
 * `due` (DESIGN.md §7.9) reads the stored `due_at` through its index: only
 * open tickets awaiting staff have one.
 */
export function staffConditions(actor: Actor, filters: StaffFilters, now: Date): SQL[] {
  if (!asksStaffFilters(filters)) return [];
  if (!mayAssign(actor)) throw forbidden();
  const conditions: SQL[] = [];
  if (filters.awaiting) {
    conditions.push(and(eq(tickets.status, 'open'), eq(tickets.awaiting, filters.awaiting)) as SQL);
  }
  if (filters.assignee === 'me') conditions.push(eq(tickets.assigneeId, actor.id));
  else if (filters.assignee === 'none') conditions.push(isNull(tickets.assigneeId));
  else if (filters.assignee) {
    const id = Number(filters.assignee);
    // Beyond a serial id nobody is assigned: no match rather than a database range error.
    conditions.push(isTicketId(id) ? eq(tickets.assigneeId, id) : sql`false`);
  }
  if (filters.sort === 'waiting') conditions.push(eq(tickets.status, 'open'));
  if (filters.due === 'overdue') conditions.push(lt(tickets.dueAt, now));
  else if (filters.due === 'soon') {
    conditions.push(gte(tickets.dueAt, now), lt(tickets.dueAt, new Date(now.getTime() + SOON_MS)));
  }
  return conditions;
}

/** The page after a cursor, in the list's order. */
export function afterCursor(sort: StaffFilters['sort'], cursor: { at: string; id: number }): SQL {
  return sort === 'waiting'
    ? sql`(${tickets.awaitingSince}, ${tickets.id}) > (${cursor.at}::timestamptz, ${cursor.id}::int)`
    : sql`(${tickets.lastActivityAt}, ${tickets.id}) < (${cursor.at}::timestamptz, ${cursor.id}::int)`;
}
