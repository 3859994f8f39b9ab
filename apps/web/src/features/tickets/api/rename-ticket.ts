import type { TicketSubjectBody } from '@studio/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { ticketQueryKey } from './get-ticket';
import { ticketsQueryKey, updateCachedTickets } from './get-tickets';

/** `PATCH /api/tickets/:id {subject}` (owner or staff) → `{ticket}`. */
export function renameTicket({ ticketId, subject }: { ticketId: number; subject: string }) {
  const body: TicketSubjectBody = { subject };
  return api.patch<unknown>(`/api/tickets/${ticketId}`, body);
}

export function useRenameTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameTicket,
    onSuccess: (_answer, { ticketId, subject }) => {
      const trimmed = subject.trim();
      updateCachedTickets(queryClient, (tickets) =>
        tickets.map((t) => (t.id === ticketId ? { ...t, subject: trimmed } : t)),
      );
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ticketQueryKey(ticketId) });
    },
  });
}
