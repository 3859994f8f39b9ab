import { type TicketViewsAnswer, TicketViewsAnswerSchema } from '@studio/shared/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { ticketsQueryKey } from './get-tickets';

export type TicketViewCounts = TicketViewsAnswer['views'];

/** Under the list key: whatever refreshes the lists (a stream event, a send) recounts the tabs. */
export const ticketViewsKey = (search: string) =>
  [...ticketsQueryKey, 'views', search.trim()] as const;

/** `GET /api/admin/ticket-views?q=`: how many tickets each staff tab holds. */
export async function getTicketViews(search: string, signal?: AbortSignal) {
  const q = search.trim();
  const raw = await api.get<unknown>(
    `/api/admin/ticket-views${q ? `?${new URLSearchParams({ q })}` : ''}`,
    signal ? { signal } : {},
  );
  return TicketViewsAnswerSchema.parse(raw).views;
}

export function useTicketViews({ enabled, search }: { enabled: boolean; search: string }) {
  return useQuery({
    queryKey: ticketViewsKey(search),
    queryFn: ({ signal }) => getTicketViews(search, signal),
    enabled,
    // The tabs keep their old counts while a new search is counted, instead of blinking.
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
