import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Summaries of the tickets table for the staff tab counts and statistics, so
 * neither counts 100,000 rows on every read (bench/README.md, issue 17). Both
 * are written only by the triggers of migration 0009_ticket-counts, in the
 * transaction of the ticket write, and are never written by the app: they are
 * exact at every snapshot, like the rows they count.
 */

/** Tickets per (status, turn, assignee). `awaiting` is '' and `assignee_id` 0 for none. */
export const ticketTabCounts = pgTable(
  'ticket_tab_counts',
  {
    status: text('status').notNull(),
    awaiting: text('awaiting').notNull(),
    assigneeId: integer('assignee_id').notNull(),
    tickets: integer('tickets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.awaiting, t.assigneeId] })],
);

/** Tickets created and closed (as they stand: a reopened ticket no longer counts) per day in Warsaw. */
export const ticketDailyCounts = pgTable('ticket_daily_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  created: integer('created').notNull(),
  closed: integer('closed').notNull(),
});
