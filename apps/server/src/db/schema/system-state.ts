import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Small facts about the running product that every instance must agree on
 * („Stan systemu”, issue 32): the outcome of the last outgoing mail, the
 * first-run test mail, the red lines last mailed to admins. One row per
 * `key`; `value` is the fact's own JSON shape (modules/status/system-state.ts).
 */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
