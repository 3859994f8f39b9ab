import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyMailboxEvent, mailboxKey } from '../api/get-mailbox';
import { openStream } from '../lib/event-stream';

/**
 * The Skrzynka screen listens to the admins' list stream for `event: mailbox`
 * (issue 29): whenever the folder changes (a mail set aside, or one handled
 * by another admin) the list is read again. After a lost connection it is
 * read again too, because the events sent meanwhile are gone (they carry no id).
 */
export function useMailboxStream({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return openStream({
      url: '/api/stream/tickets',
      events: ['mailbox'],
      onEvent: (_type, data) => applyMailboxEvent(queryClient, data),
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: mailboxKey }),
      // Refused outright (often an ended session): the list's refetch finds out and says so.
      onGiveUp: () => void queryClient.invalidateQueries({ queryKey: mailboxKey }),
    });
  }, [enabled, queryClient]);
}
