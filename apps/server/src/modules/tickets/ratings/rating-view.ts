import type { TicketRating } from '@studio/shared/ratings';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketRatings } from '../../../db/schema/index';

export function toRatingView(row: typeof ticketRatings.$inferSelect): TicketRating {
  return { score: row.score, comment: row.comment, rated_at: row.ratedAt.toISOString() };
}

/** `{ticket}.rating`: the ticket's rating, or null while it has none. */
export async function readRating(db: Db, ticketId: number): Promise<TicketRating | null> {
  const [row] = await db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticketId));
  return row ? toRatingView(row) : null;
}
