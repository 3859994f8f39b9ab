import { type CreatedTicketAnswer, CreatedTicketAnswerSchema } from '@studio/shared/tickets';
import { eq, sql } from 'drizzle-orm';
import { tickets } from '../../../db/schema/index';
import { recordEvent } from '../events';
import {
  MESSAGES_PER_MINUTE,
  type NewMessageInput,
  requireContent,
  TICKETS_PER_HOUR,
  type TicketsContext,
  throttle,
} from './context';
import { insertMessage } from './insert-message';
import type { Actor } from './rules';
import { findIdempotent, writeWithFiles } from './write-with-files';

/** A ticket comes into being with its first message; `seq` numbers each owner's tickets from 1. */
export async function createTicket(
  ctx: TicketsContext,
  input: { actor: Actor; idempotencyKey?: string; prepare: () => Promise<NewMessageInput> },
): Promise<CreatedTicketAnswer> {
  const { actor } = input;
  const scope = 'ticket:new';
  // A stored answer is checked against the contract before it is sent again.
  const replay = (stored: unknown) => CreatedTicketAnswerSchema.parse(stored);
  const repeat = await findIdempotent(ctx, actor, scope, input.idempotencyKey);
  if (repeat) return replay(repeat);
  await throttle(ctx, `tickets:new:${actor.id}`, TICKETS_PER_HOUR, 60 * 60 * 1000);
  await throttle(ctx, `tickets:message:${actor.id}`, MESSAGES_PER_MINUTE, 60 * 1000);
  const message = await input.prepare();
  requireContent(message);
  return writeWithFiles(ctx, {
    actor,
    idempotency: input.idempotencyKey ? { scope, key: input.idempotencyKey } : null,
    replay,
    work: async (tx, keep) => {
      const now = ctx.deps.clock.now();
      // Serialises one owner's creations so `seq` is gap-free and never collides.
      await tx.execute(sql`select pg_advisory_xact_lock(7301, ${actor.id}::int)`);
      const [max] = await tx
        .select({ seq: sql<number>`coalesce(max(${tickets.seq}), 0)::int` })
        .from(tickets)
        .where(eq(tickets.ownerId, actor.id));
      const [ticket] = await tx
        .insert(tickets)
        .values({
          ownerId: actor.id,
          seq: Number(max?.seq ?? 0) + 1,
          status: 'open',
          createdAt: now,
          lastActivityAt: now,
        })
        .returning();
      if (!ticket) throw new Error('ticket not stored');
      const created = await recordEvent(
        tx,
        { type: 'created', ticketId: ticket.id, ownerId: actor.id, payload: {} },
        now,
      );
      const { event } = await insertMessage(ctx, tx, keep, { ticket, actor, message, now });
      return { result: { id: ticket.id, seq: ticket.seq }, events: [created, event] };
    },
  });
}
