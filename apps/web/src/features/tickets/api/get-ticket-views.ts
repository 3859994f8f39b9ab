import { type TicketViewsAnswer, TicketViewsAnswerSchema } from '@studio/shared/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '~/lib/api-client';
import { ticketsQueryKey } from './get-tickets';

/** The due views' counts (DESIGN.md §7.9) are optional here: a server without them shows those tabs uncounted. */
const ViewsSchema = z.object({
  views: TicketViewsAnswerSchema.shape.views.extend({
    overdue: TicketViewsAnswerSchema.shape.views.shape.overdue.optional(),
    due_soon: TicketViewsAnswerSchema.shape.views.shape.due_soon.optional(),
  }),
});

export type TicketViewCounts = Omit<TicketViewsAnswer['views'], 'overdue' | 'due_soon'> &
  Partial<Pick<TicketViewsAnswer['views'], 'overdue' | 'due_soon'>>;

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
  const views: TicketViewCounts = ViewsSchema.parse(raw).views;
  return views;
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
