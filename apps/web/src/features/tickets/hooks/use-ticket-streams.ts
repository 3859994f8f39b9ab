import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyMailboxEvent, mailboxKey } from '../api/get-mailbox';
import { messagesQueryKey } from '../api/get-messages';
import { ticketsQueryKey } from '../api/get-tickets';
import { ticketRatingKey } from '../api/rate-ticket';
import type { TicketMessage } from '../lib/attachments';
import { openStream } from '../lib/event-stream';
import { applyPresenceEvent, clearPresence } from '../lib/presence';
import { isAlreadyShown, updatedTicketId } from '../lib/stream-events';

/**
 * Live updates (SPEC.md §4): a `ticket` event on the list stream reloads the
 * list (and an `updated` one the rating of its ticket, if shown), a `mailbox` event (admins only) updates the Skrzynka's count in the
 * header (issue 29), a `presence` event (admins only) says who else is on a
 * ticket (issue 31), a `message` event on the open ticket's stream reloads its messages
 * unless it announces a message the thread already shows (the echo of the
 * viewer's own send, which the send's answer put there).
 * Both streams exist only while someone is logged in, and after a lost
 * connection everything shown is refetched, because events sent meanwhile
 * may be gone.
 */
export function useTicketStreams({
  enabled,
  ticketId,
}: {
  enabled: boolean;
  ticketId: number | null;
}) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return openStream({
      url: '/api/stream/tickets',
      events: ['ticket', 'mailbox', 'presence'],
      onEvent: (type, data) => {
        if (type === 'mailbox') applyMailboxEvent(queryClient, data);
        else if (type === 'presence') applyPresenceEvent(queryClient, data);
        else {
          void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
          // A customer's rating arrives as `updated`: staff's open ticket shows it (only a
          // rating on screen is read again; the list holds none).
          const updated = updatedTicketId(data);
          if (updated !== null) {
            void queryClient.invalidateQueries({ queryKey: ticketRatingKey(updated) });
          }
        }
      },
      onReconnect: () => {
        void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['tickets', 'messages'] });
        // Only an admin's workspace holds a count to refresh; a customer's holds none.
        void queryClient.invalidateQueries({ queryKey: mailboxKey });
        // The reopened stream starts with who is on which ticket now.
        clearPresence(queryClient);
      },
      // Refused outright (often an ended session): the list refetch finds out, and a 401
      // there turns the screen into the login prompt.
      onGiveUp: () => void queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
    });
  }, [enabled, queryClient]);

  useEffect(() => {
    if (!enabled || ticketId === null || ticketId <= 0 || typeof EventSource === 'undefined')
      return;
    const key = messagesQueryKey(ticketId);
    return openStream({
      url: `/api/stream/tickets/${ticketId}/messages`,
      events: ['message'],
      onEvent: (_type, data) => {
        if (isAlreadyShown(data, queryClient.getQueryData<TicketMessage[]>(key))) return;
        void queryClient.invalidateQueries({ queryKey: key });
      },
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: key }),
    });
  }, [enabled, ticketId, queryClient]);
}
