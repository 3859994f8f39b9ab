import type { TicketAssigneeAnswer } from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets, users } from '../../../db/schema/index';
import { badRequest, forbidden } from '../../../lib/errors';
import { enqueueAssignmentMail } from '../../notifications/index';
import { publishEvents, recordEvent } from '../events';
import { type TicketsContext, visibleTicket } from './context';
import { type Actor, isTicketId, mayAssign, mayBeAssignee } from './rules';

/**
 * `PATCH /api/tickets/:id/assignee` (staff): hands a ticket to an admin, or
 * to nobody. Assigning someone else queues an e-mail to them in the same
 * transaction (the outbox), so a crash after the commit loses no mail.
 */
export async function assignTicket(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number; assigneeId: number | null },
): Promise<TicketAssigneeAnswer> {
  const { db, clock, bus, log } = ctx.deps;
  const ticket = await visibleTicket(ctx, input.actor, input.ticketId);
  if (!mayAssign(input.actor)) throw forbidden();
  let assignee: { id: number; username: string } | null = null;
  if (input.assigneeId !== null) {
    // An id beyond a serial is nobody (a 400 below), not a database range error.
    const [user] = !isTicketId(input.assigneeId)
      ? []
      : await db
          .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
          .from(users)
          .where(eq(users.id, input.assigneeId));
    if (!user || !mayBeAssignee(user)) {
      throw badRequest('validation_failed', [{ path: 'assignee_id', message: 'not_admin' }]);
    }
    assignee = { id: user.id, username: user.username };
  }
  if (ticket.assigneeId === input.assigneeId) return { id: ticket.id, assignee };
  const now = clock.now();
  const event = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.update(tickets).set({ assigneeId: input.assigneeId }).where(eq(tickets.id, ticket.id));
    if (assignee && assignee.id !== input.actor.id) {
      await enqueueAssignmentMail(tx, { ticketId: ticket.id, assigneeId: assignee.id, now });
    }
    return recordEvent(
      tx,
      { type: 'updated', ticketId: ticket.id, ownerId: ticket.ownerId, payload: {} },
      now,
    );
  });
  await publishEvents(bus, log, [event]);
  return { id: ticket.id, assignee };
}
