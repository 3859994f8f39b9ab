import { TICKET_SEARCH_PAGE } from '@studio/shared/limits';
import { type TicketItem, TicketItemSchema, type TicketListAnswer } from '@studio/shared/tickets';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '~/lib/api-client';
import type { TicketSummary } from '../lib/selection';

const item = TicketItemSchema.shape;

/**
 * A list entry by the shared contract, made tolerant: numbers sent as text are
 * read, and a missing or odd display field gets a neutral value instead of
 * dropping the ticket. Every key of the contract is listed, no other.
 */
const TicketSchema = z.object({
  id: z.coerce.number().pipe(item.id),
  seq: z.coerce.number().pipe(item.seq),
  // Staff fields (DESIGN.md §7.2): a server without them still gives a usable list.
  number: z.coerce.number().pipe(item.number).catch(0),
  subject: item.subject.catch(''),
  username: item.username.catch(''),
  owner_id: z.coerce.number().pipe(item.owner_id).catch(0),
  status: item.status.catch('open'),
  awaiting: item.awaiting.catch(null),
  awaiting_since: item.awaiting_since.catch(null),
  assignee: item.assignee.catch(null),
  unread_count: z.coerce.number().pipe(item.unread_count).catch(0),
  created_at: item.created_at.catch(''),
  last_activity_at: item.last_activity_at.catch(''),
  last_message_preview: item.last_message_preview.catch(undefined),
  // Business hours (DESIGN.md §7.9): a server without them shows no due time.
  due_at: item.due_at.catch(null),
  overdue: item.overdue.catch(false),
  contact_name: item.contact_name.catch(undefined),
  contact_email: item.contact_email.catch(undefined),
  guest: item.guest.catch(undefined),
  // A broken excerpt loses the excerpt (and the jump to it), never the result.
  match: item.match.catch(null),
} satisfies Record<keyof TicketItem, z.ZodType>);

const TicketsPageSchema = z.object({
  tickets: z.array(z.unknown()).catch([]),
  // Opaque to the client; a numeric cursor is kept as text.
  next_cursor: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v == null ? null : String(v)))
    .catch(null),
} satisfies Record<keyof TicketListAnswer, z.ZodType>);

export interface TicketsPage {
  tickets: TicketSummary[];
  nextCursor: string | null;
}

/** A malformed entry is dropped rather than failing the whole list. */
export function parseTicketsPage(raw: unknown): TicketsPage {
  const page = TicketsPageSchema.parse(raw ?? {});
  const tickets: TicketSummary[] = [];
  for (const entry of page.tickets) {
    const parsed = TicketSchema.safeParse(entry);
    if (!parsed.success) continue;
    const { last_message_preview, ...ticket }: TicketItem = parsed.data;
    tickets.push(last_message_preview ? { ...ticket, last_message_preview } : ticket);
  }
  return { tickets, nextCursor: page.next_cursor ?? null };
}

/** Which tickets the list shows; `all` sends no filter. */
export type TicketFilter = 'all' | 'open' | 'closed';

/** Prefix of every list query: invalidating it refreshes the list whatever its filter. */
export const ticketsQueryKey = ['tickets', 'list'] as const;
/** A search (`q`, DESIGN.md §7.8) is a list of its own; without one the key is the filter's alone. */
export const ticketsListKey = (filter: TicketFilter, search = '') =>
  search.trim()
    ? ([...ticketsQueryKey, filter, 'q', search.trim()] as const)
    : ([...ticketsQueryKey, filter] as const);

export function getTickets(
  cursor: string | null,
  filter: TicketFilter,
  signal?: AbortSignal,
  search = '',
): Promise<TicketsPage> {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('status', filter);
  const q = search.trim();
  if (q) params.set('q', q);
  return getTicketsPage(cursor, params, signal);
}

/**
 * One page of `GET /api/tickets` with any filters (the staff views send more
 * of them); a search asks for TICKET_SEARCH_PAGE results unless told otherwise.
 */
export async function getTicketsPage(
  cursor: string | null,
  filters: URLSearchParams,
  signal?: AbortSignal,
): Promise<TicketsPage> {
  const params = new URLSearchParams(filters);
  if (params.has('q') && !params.has('limit')) params.set('limit', String(TICKET_SEARCH_PAGE));
  if (cursor) params.set('cursor', cursor);
  const query = params.size > 0 ? `?${params}` : '';
  const raw = await api.get<unknown>(`/api/tickets${query}`, signal ? { signal } : {});
  return parseTicketsPage(raw);
}

export type TicketsData = InfiniteData<TicketsPage, string | null>;

export function useTickets({
  enabled,
  filter,
  search = '',
}: {
  enabled: boolean;
  filter: TicketFilter;
  /** The customer's search in their own tickets; empty for the whole list. */
  search?: string;
}) {
  return useTicketPages({
    enabled,
    queryKey: ticketsListKey(filter, search),
    fetchPage: (cursor, signal) => getTickets(cursor, filter, signal, search),
    isSearch: search.trim() !== '',
  });
}

/** The paged list under a key below `ticketsQueryKey`, so every list refreshes together. */
export function useTicketPages({
  enabled,
  queryKey,
  fetchPage,
  isSearch = false,
}: {
  enabled: boolean;
  queryKey: readonly unknown[];
  /** The signal is react-query's: a search typed further cancels the request of the one before. */
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<TicketsPage>;
  /** A search typed further keeps the results of the one before until its own arrive, without blinking. */
  isSearch?: boolean;
}) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    ...(isSearch ? { placeholderData: keepPreviousData } : {}),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    // Coming back to the screen refetches: the stream was closed meanwhile.
    staleTime: 0,
    // Live updates come over the stream; a retry storm would only delay the error message.
    retry: 1,
  });
}

export function flattenTickets(
  data: { pages: readonly TicketsPage[] } | undefined,
): TicketSummary[] {
  if (!data) return [];
  const seen = new Set<number>();
  const result: TicketSummary[] = [];
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      // Pages fetched at different moments can both hold a ticket that moved up.
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      result.push(ticket);
    }
  }
  return result;
}

/** Edits every cached list (every filter, every page), e.g. to zero a badge or drop a deleted ticket. */
export function updateCachedTickets(
  queryClient: QueryClient,
  update: (tickets: TicketSummary[]) => TicketSummary[],
) {
  queryClient.setQueriesData<TicketsData>({ queryKey: ticketsQueryKey }, (data) =>
    // The staff tab counts live under the same key (so they refresh with the lists) but have no pages.
    data && Array.isArray(data.pages)
      ? { ...data, pages: data.pages.map((page) => ({ ...page, tickets: update(page.tickets) })) }
      : data,
  );
}

/**
 * Puts a just-created ticket on top of the lists it belongs in (it is open)
 * before the refetch confirms it, so selecting it sticks.
 */
export function prependCachedTicket(queryClient: QueryClient, ticket: TicketSummary) {
  for (const filter of ['all', 'open'] as const) {
    queryClient.setQueryData<TicketsData>(ticketsListKey(filter), (data) =>
      prependTo(data, ticket),
    );
  }
}

function prependTo(data: TicketsData | undefined, ticket: TicketSummary): TicketsData | undefined {
  if (!data) return data;
  {
    const [first, ...rest] = data.pages;
    const firstPage = first ?? { tickets: [], nextCursor: null };
    return {
      ...data,
      pages: [
        { ...firstPage, tickets: [ticket, ...firstPage.tickets.filter((t) => t.id !== ticket.id)] },
        ...rest,
      ],
    };
  }
}
