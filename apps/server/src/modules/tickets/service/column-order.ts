import type { TicketListQuery } from '@studio/shared/tickets';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../../db/schema/index';

/**
 * Staff's sortable list columns (issue 31): last activity, number and due time,
 * either way. The ticket id breaks ties, so every ticket has one place and a
 * page goes on exactly after the last ticket of the page before (keyset
 * paging: no ticket skipped or repeated while tickets change meanwhile).
 * Tickets without a due time come last in both directions.
 */
export type SortColumn = 'activity' | 'number' | 'due';
export interface ColumnOrder {
  column: SortColumn;
  dir: 'asc' | 'desc';
}

/** A column order when the query asks for one other than the default (newest activity first). */
export function columnOrderOf(query: Pick<TicketListQuery, 'sort' | 'dir'>): ColumnOrder | null {
  const column = query.sort ?? 'activity';
  if (column === 'waiting') return null;
  const dir = query.dir ?? (column === 'activity' ? 'desc' : 'asc');
  if (column === 'activity' && dir === 'desc') return null;
  return { column, dir };
}

const COLUMNS = {
  activity: tickets.lastActivityAt,
  number: tickets.number,
  due: tickets.dueAt,
} as const;

/** Only the due time can be missing; number and last activity never are. */
const isNullable = (column: SortColumn) => column === 'due';

export function columnOrderBy({ column, dir }: ColumnOrder): SQL[] {
  const key = COLUMNS[column];
  // Plain asc/desc where no value is null: a descending `nulls last` would not match a
  // backward scan of the column's index, and PostgreSQL would sort every ticket instead
  // (bench/staff.mjs: 270 ms on one connection at 100,000 tickets). The due time has an
  // index per direction (tickets_due_order_idx, tickets_due_desc_order_idx).
  if (!isNullable(column)) {
    return dir === 'asc' ? [asc(key), asc(tickets.id)] : [desc(key), desc(tickets.id)];
  }
  return dir === 'asc'
    ? [sql`${key} asc nulls last`, asc(tickets.id)]
    : [sql`${key} desc nulls last`, desc(tickets.id)];
}

/** The value a page's last ticket had in the sorted column, as the cursor keeps it. */
export type ColumnValue = string | number | null;

/** That value of one ticket: the number, or the time as `toISOString` writes it. */
export function columnValueOf(
  column: SortColumn,
  row: { number: number; dueAt: Date | null; lastActivityAt: Date },
): ColumnValue {
  if (column === 'number') return row.number;
  if (column === 'due') return row.dueAt?.toISOString() ?? null;
  return row.lastActivityAt.toISOString();
}

/** The tickets after `(value, id)` in the column's order (nulls last, as `columnOrderBy`). */
export function afterColumnCursor(
  { column, dir }: ColumnOrder,
  cursor: { value: ColumnValue; id: number },
): SQL {
  const key = COLUMNS[column];
  const idAfter =
    dir === 'asc' ? sql`${tickets.id} > ${cursor.id}::int` : sql`${tickets.id} < ${cursor.id}::int`;
  if (cursor.value === null) return sql`(${key} is null and ${idAfter})`;
  const value = column === 'number' ? sql`${cursor.value}::int` : sql`${cursor.value}::timestamptz`;
  const beyond = dir === 'asc' ? sql`${key} > ${value}` : sql`${key} < ${value}`;
  const after = sql`(${beyond} or (${key} = ${value} and ${idAfter}))`;
  return isNullable(column) ? sql`(${after} or ${key} is null)` : after;
}
