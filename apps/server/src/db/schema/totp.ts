import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts } from './columns';

/**
 * The authenticator app of a user (DESIGN.md §7.3). The secret is stored
 * encrypted (AES-256-GCM under a key derived from CODE_SECRET), so a database
 * reader cannot compute codes. `enabledAt` is null while the set-up waits for
 * its confirming code. `lastUsedStep` is the newest 30-second step a code was
 * accepted for: a code of that step or an older one is refused (no replay).
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enabledAt: ts('enabled_at'),
  lastUsedStep: integer('last_used_step'),
  createdAt: ts('created_at').notNull(),
});

/** Single-use recovery codes, stored as HMAC-SHA256 under CODE_SECRET; `usedAt` set once used. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.codeHash)],
);
