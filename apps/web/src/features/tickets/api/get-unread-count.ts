import { UnreadTotalAnswerSchema } from '@studio/shared/tickets';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { UNREAD_COUNT_QUERY_KEY } from '~/lib/unread-count';

/*
 * `GET /api/tickets/unread-count` → `{unread}` (DESIGN.md §7.2): the caller's
 * unread messages across all tickets, also those on list pages not loaded.
 */

/** Shared with the site header's badge (lib/unread-count.ts), which only reads it. */
export const unreadCountQueryKey = UNREAD_COUNT_QUERY_KEY;

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const raw = await api.get<unknown>('/api/tickets/unread-count', signal ? { signal } : {});
  return UnreadTotalAnswerSchema.parse(raw).unread;
}

export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => getUnreadCount(signal),
    retry: 1,
  });
}
