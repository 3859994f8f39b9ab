import type { PostedMessageAnswer } from '@studio/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { parseMessage, type TicketMessage } from '../lib/attachments';
import { messagesQueryKey } from './get-messages';
import { ticketsQueryKey } from './get-tickets';
import { type MessageUpload, messageFormData, uploadOptions } from './upload-form';

export interface SendMessageInput extends MessageUpload {
  ticketId: number;
}

export async function sendMessage(input: SendMessageInput): Promise<TicketMessage | null> {
  // The message itself goes through parseMessage, which accepts older shapes too.
  const raw = await api.upload<Partial<Record<keyof PostedMessageAnswer, unknown>>>(
    `/api/tickets/${input.ticketId}/messages`,
    messageFormData(input),
    uploadOptions(input),
  );
  return parseMessage(raw?.message);
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message, { ticketId }) => {
      const threadKey = messagesQueryKey(ticketId);
      // The answer is the stored message itself: shown from it, without fetching the thread
      // again (the stream's echo of it is skipped too, see use-ticket-streams).
      if (message && queryClient.getQueryData(threadKey)) {
        queryClient.setQueryData<TicketMessage[]>(threadKey, (old) =>
          old && !old.some((m) => m.id === message.id) ? [...old, message] : old,
        );
      } else {
        // No usable answer, or no thread loaded to add it to: only a fetch can show it.
        void queryClient.invalidateQueries({ queryKey: threadKey });
      }
      // The list's order and previews change with the new message.
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
