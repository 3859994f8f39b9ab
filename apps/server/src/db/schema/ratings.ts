import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { tickets } from './tickets';

/**
 * A closed ticket's rating by its customer (DESIGN.md §7.9). The ticket is the
 * key: one rating per ticket, a later one overwrites it, and a burst of
 * ratings at once still leaves exactly one row.
 */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    score: text('score', { enum: ['good', 'neutral', 'bad'] }).notNull(),
    comment: text('comment'),
    ratedAt: ts('rated_at').notNull(),
  },
  // The statistics count the ratings given in their window.
  (t) => [index('ticket_ratings_rated_at_idx').on(t.ratedAt, t.score)],
);
