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
      if (message) {
        // Shown at once; the refetch (and the stream event) confirm it.
        queryClient.setQueryData<TicketMessage[]>(messagesQueryKey(ticketId), (old) =>
          old && !old.some((m) => m.id === message.id) ? [...old, message] : old,
        );
      }
      void queryClient.invalidateQueries({ queryKey: messagesQueryKey(ticketId) });
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
