import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '~/lib/toast';
import { updateCachedTickets } from '../api/get-tickets';
import { unreadCountQueryKey } from '../api/get-unread-count';
import { markRead, markUnread } from '../api/read-state';
import { withUnreadCount } from '../lib/selection';

/**
 * The open ticket's read marker (DESIGN.md §7.5): moved forward to the
 * newest message the reader has seen (`use-seen-messages`), and moved back
 * with „Oznacz jako nieprzeczytane”. After that the ticket is held unread
 * while it stays open: its messages are still on screen, and marking them
 * read again at once would undo the reader's choice. Choosing a ticket in the
 * list releases it. The list's count and the total (title, favicon) follow
 * the server's answer.
 */
export function useReadState(ticketId: number | null) {
  const queryClient = useQueryClient();
  const [heldUnread, setHeldUnread] = useState<number | null>(null);
  // Per ticket: the highest message already sent to the server, so scrolling does not repeat it.
  const marked = useRef(new Map<number, number>());

  const applyCount = useCallback(
    (id: number, unreadCount: number) => {
      updateCachedTickets(queryClient, (list) => withUnreadCount(list, id, unreadCount));
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    },
    [queryClient],
  );

  const onSeen = useCallback(
    (upTo: number) => {
      if (ticketId === null || ticketId <= 0 || heldUnread === ticketId) return;
      if ((marked.current.get(ticketId) ?? 0) >= upTo) return;
      marked.current.set(ticketId, upTo);
      markRead(ticketId, upTo).then(
        (answer) => applyCount(ticketId, answer.unread_count),
        // Not marked: a later sight tries again.
        () => marked.current.delete(ticketId),
      );
    },
    [ticketId, heldUnread, applyCount],
  );

  const markOpenUnread = useCallback(async () => {
    if (ticketId === null || ticketId <= 0) return;
    setHeldUnread(ticketId);
    try {
      const answer = await markUnread(ticketId);
      marked.current.delete(ticketId);
      applyCount(ticketId, answer.unread_count);
    } catch {
      setHeldUnread(null);
      toast.error('Nie udało się oznaczyć zgłoszenia jako nieprzeczytanego.');
    }
  }, [ticketId, applyCount]);

  return {
    onSeen,
    markUnread: markOpenUnread,
    isHeldUnread: ticketId !== null && heldUnread === ticketId,
    /** The reader chose a ticket: reading it counts again. */
    release: useCallback(() => setHeldUnread(null), []),
  };
}
