import type { PresenceUser } from '@studio/shared/presence';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type PresenceByTicket, presenceKey } from '../lib/presence';

const NOBODY: PresenceUser[] = [];

/**
 * The other staff on a ticket, as the admins' list stream says (the stream
 * fills the cache, lib/presence.ts). Nothing is fetched: the "query" only
 * makes the cache observable.
 */
export function useTicketPresence(ticketId: number, myId: number | undefined): PresenceUser[] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: presenceKey,
    // An invalidation of everything must not wipe what the stream said.
    queryFn: () => queryClient.getQueryData<PresenceByTicket>(presenceKey) ?? {},
    initialData: {},
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const users = data[ticketId];
  if (!users) return NOBODY;
  return users.filter((u) => u.id !== myId);
}
