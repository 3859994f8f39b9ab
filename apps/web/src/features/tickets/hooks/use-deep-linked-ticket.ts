import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '~/lib/toast';
import { ticketQueryKey, useTicket } from '../api/get-ticket';
import type { TicketFilter } from '../api/get-tickets';
import { withPinnedTicket } from '../lib/deep-link';
import { LINKED_TICKET_MISSING } from '../lib/messages';
import { parseTicketParam, type TicketSummary } from '../lib/selection';

/**
 * `/contact?ticket=<id>` opens that ticket even when it is beyond the loaded
 * pages of the list: it is fetched with `GET /api/tickets/:id` and added to
 * the list. Until that answer is in, no selection is made (`isResolving`), so
 * the fallback of SPEC.md §2 (last-opened, else first) applies only when the
 * ticket does not exist or is not the caller's (404); the screen then says so
 * once, and the selection takes `?ticket=` out of the address.
 */
export function useDeepLinkedTicket({
  listed,
  isListReady,
  filter,
  listFetches,
}: {
  listed: readonly TicketSummary[];
  isListReady: boolean;
  filter: TicketFilter;
  /** Finished list fetches: the pinned ticket is refreshed with each. */
  listFetches: number;
}) {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const requested = parseTicketParam(searchParams.get('ticket'));
  const isListed = requested !== null && listed.some((ticket) => ticket.id === requested);
  const wanted = isListReady && requested !== null && !isListed ? requested : null;

  // The ticket stays pinned after another one is selected, so the reader can go back to it.
  const [pinnedId, setPinnedId] = useState<number | null>(null);
  if (wanted !== null && wanted !== pinnedId) setPinnedId(wanted);
  const query = useTicket(pinnedId);

  // A later list fetch (a stream event, a send) may mean the pinned ticket changed too; the
  // first one is what the pin was decided on, and the pinned ticket is fetched after it.
  const listFetchesSeen = useRef(listFetches);
  useEffect(() => {
    const before = listFetchesSeen.current;
    listFetchesSeen.current = listFetches;
    if (before === 0 || listFetches === before || pinnedId === null) return;
    void queryClient.invalidateQueries(
      { queryKey: ticketQueryKey(pinnedId) },
      { cancelRefetch: false },
    );
  }, [listFetches, pinnedId, queryClient]);

  const pinned = query.isError ? null : (query.data ?? null);
  const isMissing = pinnedId !== null && query.isSuccess && query.data === null;
  const toldMissing = useRef<number | null>(null);
  useEffect(() => {
    if (!isMissing || toldMissing.current === pinnedId) return;
    toldMissing.current = pinnedId;
    toast.error(LINKED_TICKET_MISSING);
  }, [isMissing, pinnedId]);
  const tickets = useMemo(
    () => withPinnedTicket(listed, pinned, filter === 'all' ? null : filter),
    [listed, pinned, filter],
  );
  const isResolving = wanted !== null && (wanted !== pinnedId || query.isPending);
  return { tickets, isResolving };
}
