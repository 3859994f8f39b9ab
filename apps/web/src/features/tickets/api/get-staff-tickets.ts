import type { ListSort } from '../lib/list-sort';
import { type StaffView, staffListParams } from '../lib/staff-views';
import { getTicketsPage, ticketsQueryKey, useTicketPages } from './get-tickets';

/** A staff view's list: under `ticketsQueryKey`, so streams and sends refresh it like any list. */
export const staffTicketsKey = (view: StaffView, search: string, sort: ListSort | null = null) =>
  [
    ...ticketsQueryKey,
    'staff',
    view,
    search.trim(),
    ...(sort ? [sort.column, sort.dir] : []),
  ] as const;

export function useStaffTickets({
  enabled,
  view,
  search,
  sort = null,
}: {
  enabled: boolean;
  view: StaffView;
  search: string;
  sort?: ListSort | null;
}) {
  return useTicketPages({
    enabled,
    queryKey: staffTicketsKey(view, search, sort),
    fetchPage: (cursor, signal) =>
      getTicketsPage(cursor, staffListParams(view, search, sort), signal),
    isSearch: search.trim() !== '',
  });
}
