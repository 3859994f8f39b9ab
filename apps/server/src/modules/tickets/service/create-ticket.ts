import { type CreatedTicketAnswer, CreatedTicketAnswerSchema } from '@studio/shared/tickets';
import { eq, sql } from 'drizzle-orm';
import { tickets } from '../../../db/schema/index';
import { recordEvent } from '../events';
import {
  MESSAGES_PER_MINUTE,
  type NewMessageInput,
  TICKETS_PER_HOUR,
  type TicketsContext,
} from './context';
import { insertMessage } from './insert-message';
import type { Actor } from './rules';
import { defaultSubject } from './subject';
import { storeMessageOnce } from './write-with-files';

/** A ticket comes into being with its first message; `seq` numbers each owner's tickets from 1. */
export async function createTicket(
  ctx: TicketsContext,
  input: { actor: Actor; idempotencyKey?: string; prepare: () => Promise<NewMessageInput> },
): Promise<CreatedTicketAnswer> {
  const { actor } = input;
  return storeMessageOnce(ctx, {
    actor,
    scope: 'ticket:new',
    idempotencyKey: input.idempotencyKey,
    limits: [
      { key: `tickets:new:${actor.id}`, limit: TICKETS_PER_HOUR, windowMs: 60 * 60 * 1000 },
      { key: `tickets:message:${actor.id}`, limit: MESSAGES_PER_MINUTE, windowMs: 60 * 1000 },
    ],
    prepare: input.prepare,
    // A stored answer is checked against the contract before it is sent again.
    replay: (stored) => CreatedTicketAnswerSchema.parse(stored),
    work: async (tx, keep, message) => {
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
          subject: defaultSubject(
            message.body,
            message.files.map((f) => f.filename),
          ),
        })
        .returning();
      if (!ticket) throw new Error('ticket not stored');
      const created = await recordEvent(
        tx,
        { type: 'created', ticketId: ticket.id, ownerId: actor.id, payload: {} },
        now,
      );
      // A ticket opens with a public message: `internal` means nothing here.
      const { event } = await insertMessage(ctx, tx, keep, {
        ticket,
        actor,
        message: { ...message, internal: false },
        now,
      });
      return { result: { id: ticket.id, seq: ticket.seq }, events: [created, event] };
    },
  });
}
