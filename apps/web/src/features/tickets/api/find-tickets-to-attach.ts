import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketSummary } from '../lib/selection';
import { getTicketsPage } from './get-tickets';

/** Enough to pick from; a longer list means the search should be narrower. */
const PICKER_LIMIT = 20;

/** Not under the lists' key: a stream event need not re-run a search someone is typing. */
export const attachCandidatesKey = (search: string) =>
  ['tickets', 'attach-candidates', search.trim()] as const;

/**
 * The tickets a mail of the Skrzynka can join: open ones only (a closed ticket
 * refuses a customer's message), most recent first, matched by the staff
 * list's search (`#number`, the customer's name, words of the messages).
 */
export async function findTicketsToAttach(
  search: string,
  signal?: AbortSignal,
): Promise<TicketSummary[]> {
  const params = new URLSearchParams({ status: 'open', limit: String(PICKER_LIMIT) });
  const q = search.trim();
  if (q) params.set('q', q);
  return (await getTicketsPage(null, params, signal)).tickets;
}

export function useTicketsToAttach({ enabled, search }: { enabled: boolean; search: string }) {
  return useQuery({
    queryKey: attachCandidatesKey(search),
    // The signal cancels the request of a search that was typed over (the query loses its observer).
    queryFn: ({ signal }) => findTicketsToAttach(search, signal),
    enabled,
    // The list stays while the next search runs, instead of blinking empty.
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}
