import { type PostedMessageAnswer, PostedMessageAnswerSchema } from '@studio/shared/tickets';
import { forbidden, notFound } from '../../../lib/errors';
import {
  MESSAGES_PER_MINUTE,
  type NewMessageInput,
  type TicketRow,
  type TicketsContext,
} from './context';
import { insertMessage } from './insert-message';
import { refuseIfTicketFull, ticketWithMessageCount } from './message-cap';
import { type Actor, isTicketId, maySeeTicket, mayWriteNote, writeRefusal } from './rules';
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
  // As visibleTicket (404 for what the actor may not see), with the message count.
  const found = isTicketId(input.ticketId)
    ? await ticketWithMessageCount(ctx.deps.db, input.ticketId, { lock: false })
    : undefined;
  if (!found || !maySeeTicket(actor, found.ticket)) throw notFound();
  checkWritable(found.ticket);
  // Before the upload is read; checked again below under the ticket's lock.
  refuseIfTicketFull(found.messages);
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
      const locked = await ticketWithMessageCount(tx, input.ticketId, {
        lock: true,
        authorId: actor.id,
      });
      if (!locked) throw notFound();
      const { ticket } = locked;
      checkWritable(ticket);
      // Read from the upload itself, so refused here: a customer's "note" is 403, never a public message.
      if (message.internal && !mayWriteNote(actor)) throw forbidden();
      refuseIfTicketFull(locked.messages);
      const { message: dto, event } = await insertMessage(ctx, tx, keep, {
        ticket,
        actor,
        message,
        now,
        authorName: locked.authorName,
      });
      return { result: { message: dto }, events: [event] };
    },
  });
}
