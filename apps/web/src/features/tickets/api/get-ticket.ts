import type { TicketAnswer } from '@studio/shared/tickets';
import { api } from '~/lib/api-client';
import type { TicketSummary } from '../lib/selection';
import { parseTicketsPage } from './get-tickets';

/**
 * One ticket as the list shows it (`GET /api/tickets/:id`, DESIGN.md §7.2), for
 * deep links to a ticket not on the loaded page. Parsed as tolerantly as the
 * list; null when the answer holds no usable ticket. Another user's ticket is
 * a 404 ApiError like a missing one.
 */
export async function getTicket(
  ticketId: number,
  signal?: AbortSignal,
): Promise<TicketSummary | null> {
  const raw = await api.get<Partial<Record<keyof TicketAnswer, unknown>>>(
    `/api/tickets/${ticketId}`,
    signal ? { signal } : {},
  );
  return parseTicketsPage({ tickets: [raw?.ticket], next_cursor: null }).tickets[0] ?? null;
}
