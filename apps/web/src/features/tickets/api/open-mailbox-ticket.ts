import { type MailboxTicketAnswer, MailboxTicketAnswerSchema } from '@studio/shared/mailbox';
import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { ticketsQueryKey } from './get-tickets';
import { useMailActionCache } from './mailbox-mutations';

/** `POST /api/admin/mailbox/:id/ticket`: a new ticket for the mail's sender, with the mail as its first message. */
export async function openMailboxTicket({
  mailId,
}: {
  mailId: string;
}): Promise<MailboxTicketAnswer> {
  const raw = await api.post<unknown>(`/api/admin/mailbox/${encodeURIComponent(mailId)}/ticket`);
  return MailboxTicketAnswerSchema.parse(raw);
}

export function useOpenMailboxTicket() {
  const cache = useMailActionCache();
  return useMutation({
    mutationFn: openMailboxTicket,
    onSuccess: (_answer, { mailId }) => {
      cache.onHandled(mailId);
      void cache.queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
    onError: (error, { mailId }) => cache.onFailed(mailId, error),
  });
}
