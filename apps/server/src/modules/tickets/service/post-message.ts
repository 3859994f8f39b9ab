import { type PostedMessageAnswer, PostedMessageAnswerSchema } from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import { tickets } from '../../../db/schema/index';
import { forbidden, notFound } from '../../../lib/errors';
import {
  MESSAGES_PER_MINUTE,
  type NewMessageInput,
  requireContent,
  type TicketRow,
  type TicketsContext,
  throttle,
  visibleTicket,
} from './context';
import { insertMessage } from './insert-message';
import { type Actor, writeRefusal } from './rules';
import { findIdempotent, writeWithFiles } from './write-with-files';

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
  const scope = `ticket:${input.ticketId}:message`;
  const checkWritable = (ticket: TicketRow) => {
    const refusal = writeRefusal(actor, ticket);
    if (refusal) throw forbidden(refusal);
  };
  // A stored answer is checked against the contract before it is sent again.
  const replay = (stored: unknown) => PostedMessageAnswerSchema.parse(stored);
  checkWritable(await visibleTicket(ctx, actor, input.ticketId));
  const repeat = await findIdempotent(ctx, actor, scope, input.idempotencyKey);
  if (repeat) return replay(repeat);
  await throttle(ctx, `tickets:message:${actor.id}`, MESSAGES_PER_MINUTE, 60 * 1000);
  const message = await input.prepare();
  requireContent(message);
  return writeWithFiles(ctx, {
    actor,
    idempotency: input.idempotencyKey ? { scope, key: input.idempotencyKey } : null,
    replay,
    work: async (tx, keep) => {
      const now = ctx.deps.clock.now();
      // Locked, so a close or delete running at the same moment is seen.
      const [ticket] = await tx
        .select()
        .from(tickets)
        .where(eq(tickets.id, input.ticketId))
        .for('update');
      if (!ticket) throw notFound();
      checkWritable(ticket);
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
