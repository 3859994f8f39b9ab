import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { tickets } from './tickets';

/**
 * A message written without an account (DESIGN.md §7.6), waiting for its
 * e-mailed link. Only the token's hash is kept; once confirmed, `ticket_id`
 * names the one ticket it became, so a second confirmation answers the same.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('inquiries_token_hash_idx').on(t.tokenHash)],
);
