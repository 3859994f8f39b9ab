import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts } from './columns';

/**
 * A staff member's signature under their public replies (issue 31), in a table
 * of its own: few accounts have one, and the users row stays as it is.
 */
export const replySignatures = pgTable('reply_signatures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
