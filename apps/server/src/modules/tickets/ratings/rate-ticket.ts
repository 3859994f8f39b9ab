import type { RatingScore, TicketRating } from '@studio/shared/ratings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketRatings, tickets } from '../../../db/schema/index';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../lib/errors';
import { publishEvents, recordEvent } from '../events';
import { toRatingView } from './rating-view';

/** Refused while the ticket is open: a rating is about help that has ended. */
const ticketOpen = () => new AppError(409, 'ticket_open');

/**
 * Stores the owner's rating of a closed ticket, replacing an earlier one.
 * The caller has established that `ownerId` owns the ticket (a session or
 * the e-mailed token); the row is locked so a reopen cannot slip between the
 * status check and the write. Returns null when the ticket no longer belongs
 * to that owner (gone, or the token outlived it).
 */
export async function rateTicket(
  deps: Pick<AppDeps, 'db' | 'clock' | 'bus' | 'log'>,
  input: { ticketId: number; ownerId: number; score: RatingScore; comment: string | null },
): Promise<{ rating: TicketRating; ticket: { number: number; subject: string } } | null> {
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(eq(tickets.id, input.ticketId))
      .for('update');
    if (!ticket || ticket.ownerId !== input.ownerId) return null;
    if (ticket.status !== 'closed') throw ticketOpen();
    const values = { score: input.score, comment: input.comment, ratedAt: now };
    // The ticket is the key: parallel ratings end as one row, the last one written.
    const [row] = await tx
      .insert(ticketRatings)
      .values({ ticketId: ticket.id, ...values })
      .onConflictDoUpdate({ target: ticketRatings.ticketId, set: values })
      .returning();
    if (!row) throw new Error('rating not stored');
    // Staff screens showing the ticket refresh it, as after a rename.
    const event = await recordEvent(
      tx,
      { type: 'updated', ticketId: ticket.id, ownerId: ticket.ownerId, payload: {} },
      now,
    );
    return {
      rating: toRatingView(row),
      ticket: { number: ticket.number, subject: ticket.subject },
      event,
    };
  });
  if (!done) return null;
  await publishEvents(deps.bus, deps.log, [done.event]);
  return { rating: done.rating, ticket: done.ticket };
}
