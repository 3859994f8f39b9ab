import { useEffect, useRef } from 'react';
import { DRAFT_TICKET_ID, type TicketSummary } from '../lib/selection';
import { useTicketSelection } from './use-ticket-selection';

/**
 * The selected ticket (or the draft) and the list as the screen shows it.
 * Opening a ticket does not make it read (DESIGN.md §7.5): its count drops
 * when `use-read-state` has marked what was on screen.
 */
export function useOpenTicket({
  tickets,
  isListReady,
  userId,
  opensByItself,
}: {
  tickets: readonly TicketSummary[];
  isListReady: boolean;
  userId: number;
  opensByItself?: boolean;
}) {
  const selection = useTicketSelection({ tickets, isListReady, userId, opensByItself });
  const { selectedId } = selection;
  const isTicketSelected = selectedId !== null && selectedId > 0;

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

  return {
    ...selection,
    tickets,
    selectedTicket,
    isDraft: selectedId === DRAFT_TICKET_ID,
  };
}
