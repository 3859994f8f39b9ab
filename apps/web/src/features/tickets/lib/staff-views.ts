import type { ListSort } from './list-sort';

/**
 * The staff list's views (DESIGN.md §7.2): each is a set of `GET /api/tickets`
 * filters, shown as a tab with its count from `GET /api/admin/ticket-views`.
 * The order here is the order of the tabs; waiting views sort the oldest
 * waiting ticket first.
 */

export const STAFF_VIEWS = [
  'awaiting_staff',
  'overdue',
  'due_soon',
  'awaiting_customer',
  'mine',
  'unassigned',
  'closed',
  'all',
] as const;

export type StaffView = (typeof STAFF_VIEWS)[number];

/** Staff start where the work is. */
export const DEFAULT_STAFF_VIEW: StaffView = 'awaiting_staff';

export const STAFF_VIEW_LABELS: Record<StaffView, string> = {
  awaiting_staff: 'Czeka na nas',
  overdue: 'Po terminie',
  due_soon: 'Wkrótce termin',
  awaiting_customer: 'Czeka na klienta',
  mine: 'Moje',
  unassigned: 'Nieprzypisane',
  closed: 'Zamknięte',
  all: 'Wszystkie',
};

/** The list call's filters of each view (DESIGN.md §7.2). */
const VIEW_FILTERS: Record<StaffView, Record<string, string>> = {
  awaiting_staff: { awaiting: 'staff', sort: 'waiting' },
  // Business hours (DESIGN.md §7.9): past the due time, or due within the hour.
  overdue: { due: 'overdue', sort: 'waiting' },
  due_soon: { due: 'soon', sort: 'waiting' },
  awaiting_customer: { awaiting: 'customer', sort: 'waiting' },
  mine: { assignee: 'me', status: 'open' },
  unassigned: { assignee: 'none', status: 'open' },
  closed: { status: 'closed' },
  all: {},
};

/** The query of the list call for a view, a search text and a sorted column (issue 31). */
export function staffListParams(
  view: StaffView,
  search: string,
  sort: ListSort | null = null,
): URLSearchParams {
  const params = new URLSearchParams(VIEW_FILTERS[view]);
  if (sort) {
    params.set('sort', sort.column);
    params.set('dir', sort.dir);
  }
  const q = search.trim();
  if (q) params.set('q', q);
  return params;
}
