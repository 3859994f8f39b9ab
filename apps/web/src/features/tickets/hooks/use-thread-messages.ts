import { useCallback, useRef, useState } from 'react';
import { useMessages } from '../api/get-messages';
import { getMessagesPage, MESSAGES_PAGE_SIZE } from '../api/get-messages-page';
import type { TicketMessage } from '../lib/attachments';
import {
  mayHaveOlder,
  mergeMessages,
  mergeNewestPage,
  newestPageLeavesGap,
} from '../lib/thread-pages';

type OlderStatus = 'idle' | 'loading' | 'error';

interface ThreadState {
  ticketId: number | null;
  /** The newest page this state has taken in (the query's data, by reference). */
  newest: readonly TicketMessage[] | undefined;
  /** Everything shown, oldest first: older pages and the newest page. */
  shown: TicketMessage[];
  /** `has_more` of the last older page; null before one was loaded. */
  olderHasMore: boolean | null;
  olderStatus: OlderStatus;
}

const initialState = (ticketId: number | null): ThreadState => ({
  ticketId,
  newest: undefined,
  shown: [],
  olderHasMore: null,
  olderStatus: 'idle',
});

/**
 * The open ticket's thread (DESIGN.md §7.4): the newest page comes from the
 * messages query (which live events and sends keep current), older pages are
 * added above on request. Older pages are read with `mark_read=false`: they
 * are older than what the newest page already marked.
 */
export function useThreadMessages(ticketId: number | null) {
  const newestQuery = useMessages(ticketId);
  const newestData = newestQuery.isError ? undefined : newestQuery.data;
  const [state, setState] = useState(() => initialState(ticketId));

  // Brought up to date while rendering (not in an effect), so a new page is
  // never shown one frame late or without the older messages above it.
  let current = state.ticketId === ticketId ? state : initialState(ticketId);
  if (newestData !== current.newest) {
    const newest = newestData ?? [];
    const restarted = newestPageLeavesGap(current.shown, newest, MESSAGES_PAGE_SIZE);
    current = {
      ...current,
      newest: newestData,
      shown: mergeNewestPage(current.shown, newest, MESSAGES_PAGE_SIZE),
      olderHasMore: restarted ? null : current.olderHasMore,
    };
  }
  if (current !== state) setState(current);

  const hasOlder =
    current.shown.length > 0 &&
    mayHaveOlder({
      newestPageLength: newestData?.length ?? 0,
      pageSize: MESSAGES_PAGE_SIZE,
      lastOlderPageHasMore: current.olderHasMore,
    });

  // The ticket whose older page is being fetched: one request at a time per ticket.
  const inFlight = useRef<number | null>(null);
  const oldestId = current.shown[0]?.id;
  const loadOlder = useCallback(async () => {
    if (ticketId === null || inFlight.current === ticketId || oldestId === undefined) return;
    inFlight.current = ticketId;
    const forThisTicket = (update: (s: ThreadState) => ThreadState) =>
      setState((s) => (s.ticketId === ticketId ? update(s) : s));
    forThisTicket((s) => ({ ...s, olderStatus: 'loading' }));
    try {
      const page = await getMessagesPage(ticketId, { before: oldestId, markRead: false });
      forThisTicket((s) => ({
        ...s,
        shown: mergeMessages(page.messages, s.shown),
        olderHasMore: page.hasMore,
        olderStatus: 'idle',
      }));
    } catch {
      forThisTicket((s) => ({ ...s, olderStatus: 'error' }));
    } finally {
      if (inFlight.current === ticketId) inFlight.current = null;
    }
  }, [ticketId, oldestId]);

  return {
    newestQuery,
    messages: current.shown,
    older: {
      hasOlder,
      isLoading: current.olderStatus === 'loading',
      isError: current.olderStatus === 'error',
      load: loadOlder,
    },
  };
}
