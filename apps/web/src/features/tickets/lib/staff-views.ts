/**
 * The staff list's views (DESIGN.md §7.2): each is a set of `GET /api/tickets`
 * filters, shown as a tab with its count from `GET /api/admin/ticket-views`.
 * The order here is the order of the tabs; waiting views sort the oldest
 * waiting ticket first.
 */

export const STAFF_VIEWS = [
  'awaiting_staff',
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
  awaiting_customer: 'Czeka na klienta',
  mine: 'Moje',
  unassigned: 'Nieprzypisane',
  closed: 'Zamknięte',
  all: 'Wszystkie',
};

/** The query of the list call for a view and a search text. */
export function staffListParams(view: StaffView, search: string): URLSearchParams {
  const params = new URLSearchParams();
  switch (view) {
    case 'awaiting_staff':
      params.set('awaiting', 'staff');
      params.set('sort', 'waiting');
      break;
    case 'awaiting_customer':
      params.set('awaiting', 'customer');
      params.set('sort', 'waiting');
      break;
    case 'mine':
      params.set('assignee', 'me');
      params.set('status', 'open');
      break;
    case 'unassigned':
      params.set('assignee', 'none');
      params.set('status', 'open');
      break;
    case 'closed':
      params.set('status', 'closed');
      break;
    case 'all':
      break;
  }
  const q = search.trim();
  if (q) params.set('q', q);
  return params;
}
