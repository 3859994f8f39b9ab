import type { TicketStatus, TicketStatusAnswer } from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import { forbidden } from '../../../lib/errors';
import { publishEvents, recordEvent } from '../events';
import { type TicketsContext, visibleTicket } from './context';
import { type Actor, mayManageTickets } from './rules';

/** Opens or closes a ticket (staff); setting the status it already has changes nothing. */
export async function changeStatus(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number; status: TicketStatus },
): Promise<TicketStatusAnswer> {
  const { db, clock, bus, log } = ctx.deps;
  const ticket = await visibleTicket(ctx, input.actor, input.ticketId);
  if (!mayManageTickets(input.actor)) throw forbidden();
  if (ticket.status === input.status) return { id: ticket.id, status: ticket.status };
  const now = clock.now();
  const event = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // closed_at feeds the statistics; a reopened ticket is no longer counted as closed.
    await tx
      .update(tickets)
      .set({ status: input.status, closedAt: input.status === 'closed' ? now : null })
      .where(eq(tickets.id, ticket.id));
    return recordEvent(
      tx,
      {
        type: 'status',
        ticketId: ticket.id,
        ownerId: ticket.ownerId,
        payload: { status: input.status },
      },
      now,
    );
  });
  await publishEvents(bus, log, [event]);
  return { id: ticket.id, status: input.status };
}
