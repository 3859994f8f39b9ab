import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts } from './columns';
import { tickets } from './tickets';

/**
 * Every ticket e-mail we sent: its Message-ID names the ticket and the address
 * it went to, so a reply (In-Reply-To/References) is matched to both, and the
 * next e-mail to that recipient chains after the earlier ones (DESIGN §7.1).
 */
export const sentTicketMails = pgTable(
  'sent_ticket_mails',
  {
    messageId: text('message_id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address it went to: only a reply from it counts. */
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sent_ticket_mails_thread_idx').on(t.ticketId, t.userId, t.createdAt)],
);

/**
 * Incoming mails already turned into messages, keyed by their Message-ID, so
 * the same mail seen again (a crash before it was marked seen) adds nothing.
 */
export const inboundMails = pgTable('inbound_mails', {
  messageId: text('message_id').primaryKey(),
  /** No foreign keys: the record of a processed mail outlives a deleted ticket. */
  ticketId: integer('ticket_id').notNull(),
  userId: integer('user_id').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Which instance watches the mailbox: one at a time, until `expires_at` unless renewed. */
export const mailWatcherLease = pgTable('mail_watcher_lease', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
