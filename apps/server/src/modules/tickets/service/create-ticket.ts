import { type CreatedTicketAnswer, CreatedTicketAnswerSchema } from '@studio/shared/tickets';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import { recordEvent, type TicketEvent } from '../events';
import {
  MESSAGES_PER_MINUTE,
  type NewMessageInput,
  TICKETS_PER_HOUR,
  type TicketRow,
  type TicketsContext,
} from './context';
import { insertMessage } from './insert-message';
import type { Actor } from './rules';
import { defaultSubject, ticketSearchText } from './subject';
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
      const { ticket, events } = await insertTicket(ctx, tx, keep, { actor, message });
      return { result: { id: ticket.id, seq: ticket.seq }, events };
    },
  });
}

/**
 * Stores a new ticket with its first message inside the caller's transaction
 * (also an inquiry's confirmation, DESIGN.md §7.6, whose sender's name and
 * e-mail go into `contact`); the caller publishes the events after commit.
 */
export async function insertTicket(
  ctx: TicketsContext,
  tx: Db,
  keep: (key: string) => void,
  input: {
    actor: Actor;
    message: NewMessageInput;
    contact?: { name: string; email: string };
  },
): Promise<{ ticket: TicketRow; events: TicketEvent[] }> {
  const { actor, message, contact } = input;
  const now = ctx.deps.clock.now();
  // Serialises one owner's creations so `seq` is gap-free and never collides.
  await tx.execute(sql`select pg_advisory_xact_lock(7301, ${actor.id}::int)`);
  const [max] = await tx
    .select({ seq: sql<number>`coalesce(max(${tickets.seq}), 0)::int` })
    .from(tickets)
    .where(eq(tickets.ownerId, actor.id));
  const subject = defaultSubject(
    message.body,
    message.files.map((f) => f.filename),
  );
  const own = ticketSearchText({
    subject,
    contactName: contact?.name ?? null,
    contactEmail: contact?.email ?? null,
  });
  await tx.execute(own.words);
  const [ticket] = await tx
    .insert(tickets)
    .values({
      ownerId: actor.id,
      seq: Number(max?.seq ?? 0) + 1,
      status: 'open',
      createdAt: now,
      lastActivityAt: now,
      subject,
      contactName: contact?.name ?? null,
      contactEmail: contact?.email ?? null,
      searchVector: own.vector,
      // The first message adds its tokens (insert-message.ts).
      contentVector: own.vector,
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
  return { ticket, events: [created, event] };
}
