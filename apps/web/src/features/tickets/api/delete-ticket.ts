import type { DeletedTicketAnswer } from '@studio/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { messagesQueryKey } from './get-messages';
import { ticketsQueryKey, updateCachedTickets } from './get-tickets';

/** Admins only (SPEC.md §6), after the confirmation dialog. */
export function deleteTicket({ ticketId }: { ticketId: number }) {
  return api.delete<DeletedTicketAnswer>(`/api/tickets/${ticketId}`);
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: (_data, { ticketId }) => {
      updateCachedTickets(queryClient, (tickets) => tickets.filter((t) => t.id !== ticketId));
      queryClient.removeQueries({ queryKey: messagesQueryKey(ticketId) });
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
