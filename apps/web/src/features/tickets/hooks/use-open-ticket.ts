import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { updateCachedTickets } from '../api/get-tickets';
import { DRAFT_TICKET_ID, markReadLocally, type TicketSummary } from '../lib/selection';
import { useTicketSelection } from './use-ticket-selection';

/**
 * The selected ticket (or the draft) and the list as the screen shows it: the
 * open ticket is being read, so its unread count is zero here whatever the
 * last list said (SPEC.md §4).
 */
export function useOpenTicket({
  tickets: listedTickets,
  isListReady,
  userId,
}: {
  tickets: readonly TicketSummary[];
  isListReady: boolean;
  userId: number;
}) {
  const queryClient = useQueryClient();
  const selection = useTicketSelection({ tickets: listedTickets, isListReady, userId });
  const { selectedId } = selection;
  const isTicketSelected = selectedId !== null && selectedId > 0;

  const tickets = useMemo(
    () => (isTicketSelected ? markReadLocally(listedTickets, selectedId) : listedTickets),
    [listedTickets, selectedId, isTicketSelected],
  );
  const listed: TicketSummary | null = isTicketSelected
    ? (tickets.find((t) => t.id === selectedId) ?? null)
    : null;
  // An answer can move the open ticket out of a staff view; while it is fetched to be pinned
  // (the list is not ready), it stays on screen as last seen, so the composer keeps focus.
  const lastShown = useRef<TicketSummary | null>(null);
  const selectedTicket =
    listed ?? (!isListReady && lastShown.current?.id === selectedId ? lastShown.current : null);
  useEffect(() => {
    lastShown.current = selectedTicket;
  });

  // The cached list is zeroed too, so the count does not come back when another ticket is opened.
  useEffect(() => {
    if (isTicketSelected) {
      updateCachedTickets(queryClient, (list) => markReadLocally(list, selectedId));
    }
  }, [isTicketSelected, selectedId, queryClient]);

  return {
    ...selection,
    tickets,
    selectedTicket,
    isDraft: selectedId === DRAFT_TICKET_ID,
  };
}
