import { type CreatedTicketAnswer, CreatedTicketAnswerSchema } from '@studio/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '~/lib/api-client';
import { prependCachedTicket, ticketsQueryKey } from './get-tickets';
import { type MessageUpload, messageFormData, uploadOptions } from './upload-form';

const created = CreatedTicketAnswerSchema.shape;

/** The shared answer, tolerant of numbers sent as text and of a missing `seq`. */
const CreatedTicketSchema = z.object({
  id: z.coerce.number().pipe(created.id),
  seq: z.coerce.number().pipe(created.seq).catch(0),
  number: z.coerce.number().pipe(created.id).optional().catch(undefined),
} satisfies Record<keyof CreatedTicketAnswer, z.ZodType>);

export type CreatedTicket = z.infer<typeof CreatedTicketSchema>;

/** The first message of a draft (id 0) creates the ticket (SPEC.md §4 New ticket). */
export async function createTicket(upload: MessageUpload): Promise<CreatedTicket> {
  const raw = await api.upload<unknown>(
    '/api/tickets',
    messageFormData(upload),
    uploadOptions(upload),
  );
  return CreatedTicketSchema.parse(raw);
}

export function useCreateTicket({ username }: { username: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (created, upload) => {
      const now = new Date().toISOString();
      prependCachedTicket(queryClient, {
        id: created.id,
        seq: created.seq,
        number: created.number,
        // A ticket staff opened for a caller is the customer's.
        username: upload.customer?.label ?? username,
        status: 'open',
        unread_count: 0,
        created_at: now,
        last_activity_at: now,
      });
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}
