import { UnreadTotalAnswerSchema } from '@studio/shared/tickets';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/*
 * `GET /api/tickets/unread-count` → `{unread}` (DESIGN.md §7.2): the caller's
 * unread messages across all tickets, also those on list pages not loaded.
 */

export const unreadCountQueryKey = ['tickets', 'unread-count'] as const;

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
