import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '~/lib/api-client';
import { useSessionActions } from '~/lib/session';
import { useStaffTickets } from '../api/get-staff-tickets';
import { flattenTickets, type TicketFilter, useTickets } from '../api/get-tickets';
import { useStaffListState } from './use-staff-list-state';

/**
 * The ticket list of the Kontakt screen with its filter (SPEC.md §2); staff
 * get the views and search of DESIGN.md §7.2 instead.
 */
export function useTicketList({ isStaff = false }: { isStaff?: boolean } = {}) {
  const { clearUser } = useSessionActions();
  const [customerFilter, setFilter] = useState<TicketFilter>('all');
  const staff = useStaffListState({ enabled: isStaff });
  const customerQuery = useTickets({ enabled: !isStaff, filter: customerFilter });
  const staffQuery = useStaffTickets({ enabled: isStaff, view: staff.view, search: staff.search });
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

  return { filter, setFilter, query, tickets, isReady, staff };
}
