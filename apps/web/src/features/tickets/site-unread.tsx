import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '~/lib/session';
import { unreadCountQueryKey, useUnreadCount } from './api/get-unread-count';
import { useUnreadIndicators } from './hooks/use-unread-indicators';
import { openStream } from './lib/event-stream';

/**
 * Unread messages on every page of the site, not only on /contact (issue 31):
 * the tab title's "(n)", the favicon badge and, through the shared count, the
 * badge on the header's „Kontakt” link (lib/unread-count.ts). The Kontakt
 * screen does all of this itself, so the app shell leaves this out there.
 *
 * Loaded by app/deferred-unread.tsx only when a session may exist and the
 * page is idle, so a logged-out visitor downloads and asks nothing. One list
 * stream per tab keeps the count live: any `ticket` event may mean a new or a
 * read message, so the count (one indexed query) is asked again.
 */
export default function SiteUnread() {
  const { user } = useCurrentUser();
  return user ? <WatchUnread /> : null;
}

function WatchUnread() {
  const queryClient = useQueryClient();
  const { data } = useUnreadCount();
  useUnreadIndicators(data ?? 0);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    return openStream({
      url: '/api/stream/tickets',
      events: ['ticket'],
      onEvent: refresh,
      onReconnect: refresh,
      // Refused (often an ended session): the count's own request then finds out.
      onGiveUp: refresh,
    });
  }, [queryClient]);

  return null;
}
