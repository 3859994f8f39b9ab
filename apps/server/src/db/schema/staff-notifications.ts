import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts } from './columns';
import { tickets } from './tickets';

/**
 * What a staff member hears of new tickets and overdue assignments (issue 31).
 * No row means the default (a grouped mail, overdue mails on), so staff who
 * never opened the setting need no row.
 */
export const staffNotificationPrefs = pgTable('staff_notification_prefs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newTickets: text('new_tickets', { enum: ['each', 'digest', 'none'] }).notNull(),
  assignedOverdue: boolean('assigned_overdue').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * New tickets waiting for a staff member's grouped mail. Rows, not memory: a
 * restart loses none. An instance claims a recipient's rows by setting
 * `claimed_until` in one conditional UPDATE … RETURNING (another instance's
 * claim is skipped until it lapses), sends, then deletes the rows it claimed.
 */
export const staffDigestItems = pgTable(
  'staff_digest_items',
  {
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    claimedUntil: ts('claimed_until'),
    claimToken: text('claim_token'),
  },
  (t) => [
    primaryKey({ columns: [t.recipientId, t.ticketId] }),
    index('staff_digest_items_ticket_idx').on(t.ticketId),
  ],
);
