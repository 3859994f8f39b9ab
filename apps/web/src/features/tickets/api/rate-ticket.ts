import {
  type RatingAnswer,
  RatingAnswerSchema,
  type RatingBody,
  type RatingByLinkAnswer,
  RatingByLinkAnswerSchema,
  type RatingByLinkBody,
  type TicketRating,
  TicketRatingSchema,
} from '@studio/shared/ratings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '~/lib/api-client';

/** Only the rating is read from `{ticket}`: its other fields are the list parser's business. */
const TicketRatingAnswerSchema = z.object({
  ticket: z.object({ rating: TicketRatingSchema.nullable() }),
});

/*
 * Satisfaction (DESIGN.md §7.9): `{ticket}.rating` of `GET /api/tickets/:id`,
 * `POST /api/tickets/:id/rating` (the owner, in the closed thread) and
 * `POST /api/ratings/by-link` (the closing e-mail's page, no session needed).
 */

export const ticketRatingKey = (ticketId: number) => ['tickets', 'rating', ticketId] as const;

export async function getTicketRating(
  ticketId: number,
  signal?: AbortSignal,
): Promise<TicketRating | null> {
  const raw = await api.get<unknown>(`/api/tickets/${ticketId}`, signal ? { signal } : {});
  return TicketRatingAnswerSchema.parse(raw).ticket.rating;
}

/** The rating of a closed ticket; nothing is asked while the ticket is open. */
export function useTicketRating(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: ticketRatingKey(ticketId),
    queryFn: ({ signal }) => getTicketRating(ticketId, signal),
    enabled,
    retry: 1,
  });
}

export async function rateTicket(ticketId: number, body: RatingBody): Promise<RatingAnswer> {
  return RatingAnswerSchema.parse(await api.post(`/api/tickets/${ticketId}/rating`, body));
}

export function useRateTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingBody) => rateTicket(ticketId, body),
    onSuccess: ({ rating }) => queryClient.setQueryData(ticketRatingKey(ticketId), rating),
  });
}

export async function rateByLink(body: RatingByLinkBody): Promise<RatingByLinkAnswer> {
  return RatingByLinkAnswerSchema.parse(await api.post('/api/ratings/by-link', body));
}
