import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useMediaQuery } from '~/lib/use-media-query';
import { JUMP_PARAM } from './use-message-jump';

/** Below Tailwind's `lg` the list and the thread share one column (SPEC.md §2). */
const ONE_COLUMN_QUERY = '(max-width: 1023.98px)';

interface ThreadEntryState {
  kontaktThread?: boolean;
}

/**
 * On a phone a thread opened from the list is a step the Back button undoes
 * (issue 18): opening it pushes a history entry, and going back to the entry
 * before it unfolds the list again instead of leaving Kontakt.
 */
export function useBackToList(setListOpen: (open: boolean) => void) {
  const isOneColumn = useMediaQuery(ONE_COLUMN_QUERY);
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const firstKey = useRef(location.key);

  useEffect(() => {
    // The page's own load is a POP too; only a later Back or Forward moves the list.
    if (navigationType !== 'POP' || location.key === firstKey.current || !isOneColumn) return;
    const state = location.state as ThreadEntryState | null;
    setListOpen(state?.kontaktThread !== true);
  }, [location.key, location.state, navigationType, isOneColumn, setListOpen]);

  /** After the ticket is selected (its `?ticket=` written): the thread becomes its own entry. */
  const pushThreadEntry = useCallback(
    (ticketId: number, messageId?: number) => {
      if (!isOneColumn) return;
      const params = new URLSearchParams(window.location.search);
      params.set('ticket', String(ticketId));
      if (messageId !== undefined) params.set(JUMP_PARAM, String(messageId));
      else params.delete(JUMP_PARAM);
      const state: ThreadEntryState = { kontaktThread: true };
      navigate({ search: `?${params}` }, { state, preventScrollReset: true });
    },
    [isOneColumn, navigate],
  );

  return { pushThreadEntry };
}
