import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts } from './columns';

/**
 * Browsers that asked for Web Push (DESIGN.md §7.11): one row per push
 * endpoint, which is unique across accounts (a browser re-subscribing after
 * another account signed in on it moves to that account). The keys are the
 * browser's, for the RFC 8291 encryption; they go with the account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (uncompressed point, base64url). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte auth secret (base64url). */
    auth: text('auth').notNull(),
    /** „Chrome 131 · Android 14”, from the User-Agent when it subscribed (lib/device-name.ts). */
    device: text('device').notNull(),
    createdAt: ts('created_at').notNull(),
    /** When the push service last accepted a push for it. */
    lastPushAt: ts('last_push_at'),
    /** When a delivery last failed (5xx, 429, network); the status line compares it with lastPushAt. */
    lastFailureAt: ts('last_failure_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
