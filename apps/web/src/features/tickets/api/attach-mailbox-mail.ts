import {
  type MailboxAttachAnswer,
  MailboxAttachAnswerSchema,
  type MailboxAttachBody,
} from '@studio/shared/mailbox';
import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { messagesQueryKey } from './get-messages';
import { ticketsQueryKey } from './get-tickets';
import { useMailActionCache } from './mailbox-mutations';

/** `POST /api/admin/mailbox/:id/attach {ticket_id}`: the mail becomes a message of that ticket, as its owner's. */
export async function attachMailboxMail({
  mailId,
  ticketId,
}: {
  mailId: string;
  ticketId: number;
}): Promise<MailboxAttachAnswer> {
  const body: MailboxAttachBody = { ticket_id: ticketId };
  const raw = await api.post<unknown>(
    `/api/admin/mailbox/${encodeURIComponent(mailId)}/attach`,
    body,
  );
  return MailboxAttachAnswerSchema.parse(raw);
}

export function useAttachMailboxMail() {
  const cache = useMailActionCache();
  return useMutation({
    mutationFn: attachMailboxMail,
    onSuccess: (_answer, { mailId, ticketId }) => {
      cache.onHandled(mailId);
      void cache.queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
      void cache.queryClient.invalidateQueries({ queryKey: messagesQueryKey(ticketId) });
    },
    onError: (error, { mailId }) => cache.onFailed(mailId, error),
  });
}
