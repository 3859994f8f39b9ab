import { type CreatedTicketAnswer, CreatedTicketAnswerSchema } from '@studio/shared/tickets';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import { recordEvent, type TicketEvent } from '../events';
import {
  MESSAGES_PER_MINUTE,
  type NewMessageInput,
  newTicketLimit,
  type TicketRow,
  type TicketsContext,
} from './context';
import { insertMessage } from './insert-message';
import { withReplySignature } from './reply-signature';
import type { Actor } from './rules';
import { defaultSubject, ticketSearchText } from './subject';
import { checkTicketCustomer, type TicketCustomer, ticketCustomerAccount } from './ticket-customer';
import { storeMessageOnce } from './write-with-files';

/**
 * A ticket comes into being with its first message; `seq` numbers each owner's
 * tickets from 1. With `customer_email` (staff, DESIGN.md §7.9) it is that
 * customer's ticket, opened by the staff member's message, which is e-mailed
 * to the customer like any staff reply.
 */
export async function createTicket(
  ctx: TicketsContext,
  input: { actor: Actor; idempotencyKey?: string; prepare: () => Promise<NewMessageInput> },
): Promise<CreatedTicketAnswer> {
  const { actor } = input;
  let customer: TicketCustomer | null = null;
  return storeMessageOnce(ctx, {
    actor,
    scope: 'ticket:new',
    idempotencyKey: input.idempotencyKey,
    limits: [
      newTicketLimit(actor),
      { key: `tickets:message:${actor.id}`, limit: MESSAGES_PER_MINUTE, windowMs: 60 * 1000 },
    ],
    // Whose ticket it is is checked as soon as the upload is read, before any file is written.
    prepare: async () => {
      const message = await input.prepare();
      customer = checkTicketCustomer(actor, message.customer);
      return message;
    },
    // A stored answer is checked against the contract before it is sent again.
    replay: (stored) => CreatedTicketAnswerSchema.parse(stored),
    work: async (tx, keep, message) => {
      if (!customer) {
        const { ticket, events } = await insertTicket(ctx, tx, keep, { actor, message });
        return { result: { id: ticket.id, seq: ticket.seq, number: ticket.number }, events };
      }
      // A ticket for a caller (DESIGN.md §7.9): the customer's, opened by the staff member's message.
      const account = await ticketCustomerAccount(tx, customer, ctx.deps.clock.now());
      const { ticket, events } = await insertTicket(ctx, tx, keep, {
        actor,
        owner: { id: account.id, isAdmin: account.isAdmin },
        message: await withReplySignature(tx, { actor, ownerId: account.id, message }),
        subjectText: message.body,
        contact: customer.name ? { name: customer.name, email: customer.email } : undefined,
      });
      return { result: { id: ticket.id, seq: ticket.seq, number: ticket.number }, events };
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
    /** Who writes the first message. */
    actor: Actor;
    /** Whose ticket it is, when not the writer's own (staff opening one for a caller, §7.9). */
    owner?: Actor;
    message: NewMessageInput;
    /** The text the subject is taken from, when not the message's (a signed one, §7.9). */
    subjectText?: string;
    contact?: { name: string; email: string };
  },
): Promise<{ ticket: TicketRow; events: TicketEvent[] }> {
  const { actor, message, contact } = input;
  const owner = input.owner ?? actor;
  const now = ctx.deps.clock.now();
  // Serialises one owner's creations so `seq` is gap-free and never collides.
  await tx.execute(sql`select pg_advisory_xact_lock(7301, ${owner.id}::int)`);
  const [max] = await tx
    .select({ seq: sql<number>`coalesce(max(${tickets.seq}), 0)::int` })
    .from(tickets)
    .where(eq(tickets.ownerId, owner.id));
  const subject = defaultSubject(
    input.subjectText ?? message.body,
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
      ownerId: owner.id,
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
    { type: 'created', ticketId: ticket.id, ownerId: owner.id, payload: {} },
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
