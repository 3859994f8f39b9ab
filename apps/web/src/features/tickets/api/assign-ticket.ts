import {
  type TicketAssigneeAnswer,
  TicketAssigneeAnswerSchema,
  type TicketAssigneeBody,
} from '@studio/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { ticketsQueryKey, updateCachedTickets } from './get-tickets';

/** `PATCH /api/tickets/:id/assignee` (admins only): an admin's id, or null for nobody. */
export async function assignTicket({
  ticketId,
  assigneeId,
}: {
  ticketId: number;
  assigneeId: number | null;
}): Promise<TicketAssigneeAnswer> {
  const body: TicketAssigneeBody = { assignee_id: assigneeId };
  const raw = await api.patch<unknown>(`/api/tickets/${ticketId}/assignee`, body);
  return TicketAssigneeAnswerSchema.parse(raw);
}

export function useAssignTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTicket,
    onSuccess: ({ id, assignee }) => {
      // Shown at once in the header; the refetch moves the ticket between the views.
      updateCachedTickets(queryClient, (tickets) =>
        tickets.map((t) => (t.id === id ? { ...t, assignee } : t)),
      );
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
