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
  listUpdatedAt,
  threadUpdatedAt,
}: {
  tickets: readonly TicketSummary[];
  listUpdatedAt: number;
  threadUpdatedAt: number;
}): number {
  const queryClient = useQueryClient();
  const query = useUnreadCount();

  // The first fetch is the query's own; later list or thread fetches ask again.
  const seen = useRef({ listUpdatedAt, threadUpdatedAt });
  useEffect(() => {
    const before = seen.current;
    seen.current = { listUpdatedAt, threadUpdatedAt };
    const changed =
      (before.listUpdatedAt > 0 && listUpdatedAt !== before.listUpdatedAt) ||
      threadUpdatedAt !== before.threadUpdatedAt;
    if (changed) void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
  }, [listUpdatedAt, threadUpdatedAt, queryClient]);

  if (query.isSuccess) return query.data;
  return query.isError ? totalUnread(tickets) : 0;
}
