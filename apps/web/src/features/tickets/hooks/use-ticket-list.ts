import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '~/lib/api-client';
import { useSessionActions } from '~/lib/session';
import { flattenTickets, type TicketFilter, useTickets } from '../api/get-tickets';

/** The ticket list of the Kontakt screen with its filter (SPEC.md §2). */
export function useTicketList() {
  const { clearUser } = useSessionActions();
  const [filter, setFilter] = useState<TicketFilter>('all');
  const query = useTickets({ enabled: true, filter });
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

  return { filter, setFilter, query, tickets, isReady };
}
