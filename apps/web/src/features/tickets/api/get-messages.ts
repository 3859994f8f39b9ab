import type { TicketThreadAnswer, TicketThreadQuery } from '@studio/shared/tickets';
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

/** One page of a thread (DESIGN.md §7.4): oldest first; `has_more` says an older page exists. */
export interface MessagesPage {
  messages: TicketMessage[];
  has_more: boolean;
}

/** Query of `getMessagesPage`; `mark_read` defaults to false: read state goes through markRead. */
export type MessagesPageQuery = Partial<Pick<TicketThreadQuery, 'before' | 'limit' | 'mark_read'>>;

/**
 * A page of the thread without moving the read marker (unless `mark_read`
 * is true): the web app reports what was on screen with `markRead`
 * (DESIGN.md §7.5). `before` = the first message id of the page shown.
 */
export async function getMessagesPage(
  ticketId: number,
  query: MessagesPageQuery = {},
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const params = new URLSearchParams({ mark_read: String(query.mark_read ?? false) });
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const raw = await api.get<Partial<Record<keyof TicketThreadAnswer, unknown>>>(
    `/api/tickets/${ticketId}/messages?${params}`,
    signal ? { signal } : {},
  );
  return { messages: parseMessages(raw), has_more: raw?.has_more === true };
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
