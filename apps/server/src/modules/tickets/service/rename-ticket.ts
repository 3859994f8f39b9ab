import type { TicketAnswer } from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import { forbidden } from '../../../lib/errors';
import { publishEvents, recordEvent } from '../events';
import { type TicketsContext, visibleTicket } from './context';
import { getTicket } from './get-ticket';
import { type Actor, mayRenameTicket, writeRefusal } from './rules';
import { ticketSearchText } from './subject';

/**
 * `PATCH /api/tickets/:id {subject}`: the owner or staff rename a ticket (a
 * customer only while it is open, as with writing in it); the lists learn of
 * it through an `updated` event.
 */
export async function renameTicket(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number; subject: string },
): Promise<TicketAnswer> {
  const { db, clock, bus, log } = ctx.deps;
  const ticket = await visibleTicket(ctx, input.actor, input.ticketId);
  if (!mayRenameTicket(input.actor, ticket)) throw forbidden();
  const refusal = writeRefusal(input.actor, ticket);
  if (refusal) throw forbidden(refusal);
  if (ticket.subject !== input.subject) {
    const event = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const own = ticketSearchText({ ...ticket, subject: input.subject });
      await tx.execute(own.words);
      await tx
        .update(tickets)
        .set({ subject: input.subject, searchVector: own.vector, contentVector: own.contentAfter })
        .where(eq(tickets.id, ticket.id));
      return recordEvent(
        tx,
        { type: 'updated', ticketId: ticket.id, ownerId: ticket.ownerId, payload: {} },
        clock.now(),
      );
    });
    await publishEvents(bus, log, [event]);
  }
  return getTicket(ctx, { actor: input.actor, ticketId: ticket.id });
}
