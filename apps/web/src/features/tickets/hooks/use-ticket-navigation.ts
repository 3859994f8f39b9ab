import { useCallback, useRef, useState } from 'react';
import type { TicketFilter } from '../api/get-tickets';
import { useBackToList } from './use-back-to-list';

/**
 * Moving between tickets: the list folds away on narrow screens after a
 * choice, and the input keeps focus when the draft becomes a real ticket.
 */
export function useTicketNavigation({
  select,
  startDraft,
  filter,
  setFilter,
}: {
  select: (id: number, messageId?: number) => void;
  startDraft: () => void;
  filter: TicketFilter;
  setFilter: (filter: TicketFilter) => void;
}) {
  const [isListOpenOnMobile, setListOpenOnMobile] = useState(false);
  // The draft's composer is replaced by the new ticket's; the writer keeps typing there.
  const focusNextComposer = useRef(false);
  const backToList = useBackToList(setListOpenOnMobile);

  /** `messageId`: the search hit to scroll to in that ticket (DESIGN.md §7.8). */
  const openTicket = useCallback(
    (id: number, messageId?: number) => {
      focusNextComposer.current = false;
      select(id, messageId);
      setListOpenOnMobile(false);
      backToList.pushThreadEntry(id, messageId);
    },
    [select, backToList],
  );

  const openDraft = () => {
    focusNextComposer.current = false;
    // The new ticket is open: a list of closed ones would lose it at once.
    if (filter === 'closed') setFilter('all');
    startDraft();
    setListOpenOnMobile(false);
  };

  const openCreatedTicket = (id: number) => {
    focusNextComposer.current = true;
    select(id);
  };

  return {
    isListOpenOnMobile,
    toggleListOnMobile: () => setListOpenOnMobile((open) => !open),
    /** Staff's phone layout: back from the thread to the list (issue 31). */
    showListOnMobile: () => setListOpenOnMobile(true),
    openTicket,
    openDraft,
    openCreatedTicket,
    /** Read while rendering the composer that replaces the draft's. */
    shouldFocusComposer: focusNextComposer.current,
  };
}
