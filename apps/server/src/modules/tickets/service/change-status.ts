import type { TicketStatus, TicketStatusAnswer } from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import { forbidden } from '../../../lib/errors';
import { businessClock, dueAtFor, readBusinessHours } from '../../business-hours/index';
import { dropClosingMail, enqueueClosingMail } from '../../notifications/index';
import { publishEvents, recordEvent } from '../events';
import { type TicketsContext, visibleTicket } from './context';
import { type Actor, mayManageTickets } from './rules';

/** Opens or closes a ticket (staff); setting the status it already has changes nothing. */
export async function changeStatus(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number; status: TicketStatus },
): Promise<TicketStatusAnswer> {
  const { db, clock, bus, log, config } = ctx.deps;
  const ticket = await visibleTicket(ctx, input.actor, input.ticketId);
  if (!mayManageTickets(input.actor)) throw forbidden();
  if (ticket.status === input.status) return { id: ticket.id, status: ticket.status };
  const now = clock.now();
  const event = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // A reopened ticket awaiting staff owes the answer it owed before the close
    // (counted from when the customer started waiting); a closed one owes none.
    const hours = input.status === 'open' ? await readBusinessHours(tx) : null;
    const dueAt = hours
      ? dueAtFor({ ...ticket, status: 'open' }, hours, businessClock(hours))
      : null;
    // closed_at feeds the statistics; a reopened ticket is no longer counted as closed.
    await tx
      .update(tickets)
      .set({ status: input.status, closedAt: input.status === 'closed' ? now : null, dueAt })
      .where(eq(tickets.id, ticket.id));
    // The customer hears of the close and is asked for a rating (DESIGN.md §7.9); a reopen calls it off.
    if (input.status === 'closed') {
      await enqueueClosingMail(tx, { ticketId: ticket.id, now, delayMs: config.notifyDelayMs });
    } else await dropClosingMail(tx, ticket.id);
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
