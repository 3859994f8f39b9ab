import type { TicketAnswer } from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import { notFound } from '../../../lib/errors';
import { readRating } from '../ratings/index';
import type { TicketsContext } from './context';
import { type Actor, isTicketId } from './rules';
import { selectTicketItems, toTicketItem } from './ticket-items';

/**
 * `GET /api/tickets/:id` (deep links): the ticket as the list shows it, with
 * its rating (DESIGN.md §7.9); 404 if not the caller's.
 */
export async function getTicket(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number },
  database: Db = ctx.deps.db,
): Promise<TicketAnswer> {
  if (!isTicketId(input.ticketId)) throw notFound();
  const [row] = await selectTicketItems(database, input.actor, [eq(tickets.id, input.ticketId)], 1);
  if (!row) throw notFound();
  return {
    ticket: {
      ...toTicketItem(row, input.actor, ctx.deps.clock.now()),
      rating: await readRating(database, row.id),
    },
  };
}
