import { type StaffView, staffListParams } from '../lib/staff-views';
import { getTicketsPage, ticketsQueryKey, useTicketPages } from './get-tickets';

/** A staff view's list: under `ticketsQueryKey`, so streams and sends refresh it like any list. */
export const staffTicketsKey = (view: StaffView, search: string) =>
  [...ticketsQueryKey, 'staff', view, search.trim()] as const;

export function useStaffTickets({
  enabled,
  view,
  search,
}: {
  enabled: boolean;
  view: StaffView;
  search: string;
}) {
  return useTicketPages({
    enabled,
    queryKey: staffTicketsKey(view, search),
    fetchPage: (cursor, signal) => getTicketsPage(cursor, staffListParams(view, search), signal),
    isSearch: search.trim() !== '',
  });
}
