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
  const raw = await api.get<unknown>(`/api/tickets/${ticketId}/messages`, signal ? { signal } : {});
  return parseMessages(raw);
}

/** Reading marks the messages read on the server, so this runs only for the open ticket. */
export function useMessages(ticketId: number | null) {
  return useQuery({
    queryKey: messagesQueryKey(ticketId ?? 0),
    queryFn: ({ signal }) => getMessages(ticketId ?? 0, signal),
    enabled: ticketId !== null && ticketId > 0,
    // Always refetched when a ticket is opened: its stream was closed while another ticket was
    // open, and the fetch is what marks the messages read on the server.
    staleTime: 0,
    retry: 1,
  });
}
