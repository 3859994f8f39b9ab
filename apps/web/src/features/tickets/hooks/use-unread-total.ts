import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { unreadCountQueryKey, useUnreadCount } from '../api/get-unread-count';
import type { TicketSummary } from '../lib/selection';
import { totalUnread } from '../lib/unread';

/**
 * The user's unread messages across ALL tickets (SPEC.md §2, DESIGN.md §7.2),
 * for the tab title and the favicon badge: the loaded list pages hold only
 * part of them. Asked again whenever the list or the open thread was fetched
 * (stream events and sends refetch those, and reading a thread marks it read).
 * Should the count call fail, the loaded rows are the best estimate left.
 */
export function useUnreadTotal({
  tickets,
  listFetches,
  threadFetches,
}: {
  tickets: readonly TicketSummary[];
  /** Finished fetches of the list and of the open thread (see use-completed-fetches). */
  listFetches: number;
  threadFetches: number;
}): number {
  const queryClient = useQueryClient();
  const query = useUnreadCount();

  // The list's first fetch runs beside the count's own; every later one, and every thread fetch
  // (which marks read), may have changed the total.
  const seen = useRef({ listFetches, threadFetches });
  useEffect(() => {
    const before = seen.current;
    seen.current = { listFetches, threadFetches };
    const changed =
      (before.listFetches > 0 && listFetches !== before.listFetches) ||
      threadFetches !== before.threadFetches;
    if (changed) void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
  }, [listFetches, threadFetches, queryClient]);

  if (query.isSuccess) return query.data;
  return query.isError ? totalUnread(tickets) : 0;
}
