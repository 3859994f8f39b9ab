import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '~/lib/api-client';
import type { TicketSummary } from '../lib/selection';
import { parseTicketsPage } from './get-tickets';

/*
 * `GET /api/tickets/:id` → `{ticket}` (DESIGN.md §7.2): one list item, for a
 * deep link to a ticket that is not on the loaded pages of the list. The item
 * is read exactly like a list entry.
 */

export const ticketQueryKey = (ticketId: number) => ['tickets', 'one', ticketId] as const;

/** The ticket, or null when it is gone or not the caller's (the server answers 404 for both). */
export async function getTicket(
  ticketId: number,
  signal?: AbortSignal,
): Promise<TicketSummary | null> {
  try {
    const raw = await api.get<{ ticket?: unknown } | null>(
      `/api/tickets/${ticketId}`,
      signal ? { signal } : {},
    );
    return parseTicketsPage({ tickets: [raw?.ticket] }).tickets[0] ?? null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useTicket(ticketId: number | null) {
  return useQuery({
    queryKey: ticketQueryKey(ticketId ?? 0),
    queryFn: ({ signal }) => getTicket(ticketId ?? 0, signal),
    enabled: ticketId !== null && ticketId > 0,
    retry: 1,
  });
}
