import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { countOf } from './plural';

/**
 * The signed-in user's unread messages across all tickets (`GET
 * /api/tickets/unread-count`, DESIGN.md §7.2) live in one query-cache entry.
 * The Kontakt screen and, on every other page, the site's unread watcher
 * (features/tickets/site-unread.tsx) fetch it; the site header only reads it,
 * so showing the badge never costs a request of its own.
 */
export const UNREAD_COUNT_QUERY_KEY = ['tickets', 'unread-count'] as const;

/**
 * The count some screen has fetched, or 0 while none has (logged out included).
 * It reads the cache without becoming one of the query's observers: an observer
 * without a fetch function (`skipToken`) would become the query's options, and
 * the fetching screen's refetches would then silently do nothing.
 */
export function useKnownUnreadCount(): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = () => {
    const data = queryClient.getQueryData<number>(UNREAD_COUNT_QUERY_KEY);
    return typeof data === 'number' && data > 0 ? data : 0;
  };
  return useSyncExternalStore(subscribe, read, () => 0);
}

/** „3 nieprzeczytane wiadomości”: what the badge says to a screen reader. */
export function unreadLabel(count: number): string {
  return countOf(count, {
    one: 'nieprzeczytana wiadomość',
    few: 'nieprzeczytane wiadomości',
    many: 'nieprzeczytanych wiadomości',
  });
}
