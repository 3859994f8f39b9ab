import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { parseMessages, type TicketMessage } from '../lib/attachments';

/*
 * Messages are parsed by `parseMessages`, which brings old records to the
 * current shape before checking them with the shared contract: they carry
 * `images` instead of `files`, either as an array or as a JSON string, and the
 * contract alone would reject exactly the history users care about.
 */

export const messagesQueryKey = (ticketId: number) => ['tickets', 'messages', ticketId] as const;

export async function getMessages(
  ticketId: number,
  signal?: AbortSignal,
): Promise<TicketMessage[]> {
  // Reading never marks read (DESIGN.md §7.5): `use-read-state` does, for what was on screen.
  const url = `/api/tickets/${ticketId}/messages?mark_read=false`;
  const raw = await api.get<unknown>(url, signal ? { signal } : {});
  return parseMessages(raw);
}

/** The open ticket's newest messages; fetching them leaves the read marker where it is. */
export function useMessages(ticketId: number | null) {
  return useQuery({
    queryKey: messagesQueryKey(ticketId ?? 0),
    queryFn: ({ signal }) => getMessages(ticketId ?? 0, signal),
    enabled: ticketId !== null && ticketId > 0,
    // Always refetched when a ticket is opened: its stream was closed while another ticket was open.
    staleTime: 0,
    retry: 1,
  });
}
