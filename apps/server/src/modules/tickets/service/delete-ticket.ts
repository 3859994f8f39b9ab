import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketAttachments, tickets } from '../../../db/schema/index';
import { forbidden } from '../../../lib/errors';
import { dropTicketJobs } from '../../notifications/index';
import { publishEvents, recordEvent } from '../events';
import { type TicketsContext, visibleTicket } from './context';
import { type Actor, mayManageTickets } from './rules';

/** Messages, markers, attachments and their bytes go with the ticket. */
export async function deleteTicket(ctx: TicketsContext, input: { actor: Actor; ticketId: number }) {
  const { db, clock, bus, log } = ctx.deps;
  const { storage } = ctx;
  const ticket = await visibleTicket(ctx, input.actor, input.ticketId);
  if (!mayManageTickets(input.actor)) throw forbidden();
  const now = clock.now();
  const { keys, event } = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const files = await tx
      .select({ key: ticketAttachments.storageKey, thumb: ticketAttachments.thumbnailKey })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticket.id));
    const keys = files.flatMap((f) => (f.thumb ? [f.key, f.thumb] : [f.key]));
    if (storage.kind === 'database') await storage.remove(tx, keys);
    await dropTicketJobs(tx, ticket.id);
    await tx.delete(tickets).where(eq(tickets.id, ticket.id));
    const event = await recordEvent(
      tx,
      { type: 'deleted', ticketId: ticket.id, ownerId: ticket.ownerId, payload: {} },
      now,
    );
    return { keys, event };
  });
  // Files on disk go after the commit; a crash before this leaves strays the start-up sweep removes.
  if (storage.kind === 'local') {
    await storage.remove(db, keys).catch((e) => log.error({ err: e }, 'file removal failed'));
  }
  await publishEvents(bus, log, [event]);
}
