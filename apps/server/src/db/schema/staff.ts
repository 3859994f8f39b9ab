import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts } from './columns';

/** Staff-wide saved replies (issue 17): a title and a body with `{username}`/`{ticket}` placeholders. */
export const savedReplies = pgTable('saved_replies', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** Who wrote it; kept when that account is deleted. */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
