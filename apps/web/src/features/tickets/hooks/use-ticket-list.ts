import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '~/lib/api-client';
import { useSessionActions } from '~/lib/session';
import { useStaffTickets } from '../api/get-staff-tickets';
import { flattenTickets, type TicketFilter, useTickets } from '../api/get-tickets';
import { useSearchQuery } from './use-search-query';
import { useStaffListState } from './use-staff-list-state';

/**
 * The ticket list of the Kontakt screen with its filter (SPEC.md §2); staff
 * get the views of DESIGN.md §7.2 instead. Both search (DESIGN.md §7.8) as
 * they type, the search kept in the address as `?q=`.
 */
export function useTicketList({ isStaff = false }: { isStaff?: boolean } = {}) {
  const { clearUser } = useSessionActions();
  const [customerFilter, setFilter] = useState<TicketFilter>('all');
  const search = useSearchQuery();
  const staff = useStaffListState({ enabled: isStaff, search: search.search });
  const customerQuery = useTickets({
    enabled: !isStaff,
    filter: customerFilter,
    search: search.search,
  });
  const staffQuery = useStaffTickets({
    enabled: isStaff,
    view: staff.view,
    search: search.search,
    sort: staff.sort,
  });
  const query = isStaff ? staffQuery : customerQuery;
  // Staff keep the open ticket in the list when an answer or a close moves it out of the view
  // (it stays pinned by `?ticket=`, whatever its status), so the thread never jumps away.
  const filter: TicketFilter = isStaff ? 'all' : customerFilter;
  // SPEC.md §8: a failed list load empties the list (the error and a retry are shown instead).
  const tickets = useMemo(
    () => (query.isError ? [] : flattenTickets(query.data)),
    [query.isError, query.data],
  );
  const isReady = query.isSuccess && !query.isError;

  // An expired session shows the login prompt instead of a broken screen.
  useEffect(() => {
    if (isApiError(query.error) && query.error.status === 401) clearUser();
  }, [query.error, clearUser]);

  return { filter, setFilter, query, tickets, isReady, staff, search };
}
