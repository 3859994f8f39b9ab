import { type PostedMessageAnswer, PostedMessageAnswerSchema } from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import { tickets } from '../../../db/schema/index';
import { forbidden, notFound } from '../../../lib/errors';
import {
  MESSAGES_PER_MINUTE,
  type NewMessageInput,
  type TicketRow,
  type TicketsContext,
  visibleTicket,
} from './context';
import { insertMessage } from './insert-message';
import { refuseIfTicketFull } from './message-cap';
import { type Actor, mayWriteNote, writeRefusal } from './rules';
import { storeMessageOnce } from './write-with-files';

export async function postMessage(
  ctx: TicketsContext,
  input: {
    actor: Actor;
    ticketId: number;
    idempotencyKey?: string;
    prepare: () => Promise<NewMessageInput>;
  },
): Promise<PostedMessageAnswer> {
  const { actor } = input;
  const checkWritable = (ticket: TicketRow) => {
    const refusal = writeRefusal(actor, ticket);
    if (refusal) throw forbidden(refusal);
  };
  checkWritable(await visibleTicket(ctx, actor, input.ticketId));
  // Before the upload is read; checked again below under the ticket's lock.
  await refuseIfTicketFull(ctx.deps.db, input.ticketId);
  return storeMessageOnce(ctx, {
    actor,
    scope: `ticket:${input.ticketId}:message`,
    idempotencyKey: input.idempotencyKey,
    limits: [
      { key: `tickets:message:${actor.id}`, limit: MESSAGES_PER_MINUTE, windowMs: 60 * 1000 },
    ],
    prepare: input.prepare,
    // A stored answer is checked against the contract before it is sent again.
    replay: (stored) => PostedMessageAnswerSchema.parse(stored),
    work: async (tx, keep, message) => {
      const now = ctx.deps.clock.now();
      // Locked, so a close or delete running at the same moment is seen.
      const [ticket] = await tx
        .select()
        .from(tickets)
        .where(eq(tickets.id, input.ticketId))
        .for('update');
      if (!ticket) throw notFound();
      checkWritable(ticket);
      // Read from the upload itself, so refused here: a customer's "note" is 403, never a public message.
      if (message.internal && !mayWriteNote(actor)) throw forbidden();
      await refuseIfTicketFull(tx, ticket.id);
      const { message: dto, event } = await insertMessage(ctx, tx, keep, {
        ticket,
        actor,
        message,
        now,
      });
      return { result: { message: dto }, events: [event] };
    },
  });
}
