/**
 * The staff list's sorted column (issue 31): `null` keeps the view's own order (the
 * waiting views put the longest waiting first); a column sends `sort` and `dir`.
 */
export type SortColumn = 'activity' | 'number' | 'due';
export type SortDir = 'asc' | 'desc';
export interface ListSort {
  column: SortColumn;
  dir: SortDir;
}

/** What a first click on a column asks for: the newest first, the nearest due time first. */
const FIRST_DIR: Record<SortColumn, SortDir> = { activity: 'desc', number: 'desc', due: 'asc' };

/** A click on a column header: that column in its first direction, or the other way round. */
export function nextSort(current: ListSort | null, column: SortColumn): ListSort {
  if (current?.column === column) {
    return { column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  }
  return { column, dir: FIRST_DIR[column] };
}

/** The column header's `aria-sort`. */
export function ariaSortOf(
  current: ListSort | null,
  column: SortColumn,
): 'ascending' | 'descending' | 'none' {
  if (current?.column !== column) return 'none';
  return current.dir === 'asc' ? 'ascending' : 'descending';
}
