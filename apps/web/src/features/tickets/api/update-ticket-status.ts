import type { TicketStatus, TicketStatusAnswer, TicketStatusBody } from '@studio/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { ticketsQueryKey, updateCachedTickets } from './get-tickets';

export type { TicketStatus };

/** Admins only (SPEC.md §6); the server answers 403 to anyone else. */
export function updateTicketStatus({
  ticketId,
  status,
}: {
  ticketId: number;
  status: TicketStatus;
}) {
  const body: TicketStatusBody = { status };
  return api.patch<TicketStatusAnswer>(`/api/tickets/${ticketId}/status`, body);
}

export function useUpdateTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicketStatus,
    onSuccess: (_data, { ticketId, status }) => {
      updateCachedTickets(queryClient, (tickets) =>
        tickets.map((t) => (t.id === ticketId ? { ...t, status } : t)),
      );
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
