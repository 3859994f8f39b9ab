import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** Null for a guest account (DESIGN.md §7.6): no password path lets it in. */
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /**
     * When the owner proved they read `email` (a code or link mailed to it).
     * Null for a guest made from an address nobody proved: one staff typed in
     * for a caller (DESIGN.md §7.9) or a set-aside mail's From (issue 34).
     */
    emailVerifiedAt: ts('email_verified_at'),
    /**
     * Set by „To nie ja” (DESIGN.md §7.7): from then on the password does not
     * sign in (403 `password_reset_required`) until a reset by e-mail clears it.
     */
    passwordLockedAt: ts('password_locked_at'),
    /**
     * A delivery-status report said our mail to `email` failed (issue 29): no
     * ticket e-mails go there until the user signs in again or changes the
     * address, which clear it. Staff see „adres e-mail nie przyjmuje wiadomości”.
     */
    emailBouncingAt: ts('email_bouncing_at'),
    /**
     * When the mark above was last cleared (sign-in, new address, „To nie ja”):
     * a late bounce for a mail sent before then says nothing about the address
     * the user has just shown to work.
     */
    emailBounceClearedAt: ts('email_bounce_cleared_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    // Uniqueness ignores case, so "Ala" and "ala" cannot both exist.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // Staff search finds a customer by the beginning of the username (`like 'jan%'`), which
    // only an index of this operator class answers in every collation.
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Every customer message queues one e-mail job per admin, chosen in its
    // statement: the few admins without reading every account (issue 20).
    index('users_admin_idx').on(t.id).where(sql`${t.isAdmin}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPersistent: boolean('is_persistent').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * The last sign-in or confirmed password in this session: adding or removing
     * a way to sign in needs it within REAUTH_WINDOW_SECONDS (DESIGN.md §7.7).
     * Null (sessions from before the column): never confirmed.
     */
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * E-mailed one-time codes. `purpose` says what the code unlocks and `subject`
 * binds it to the pending attempt (the registration's username, the login
 * challenge, or the user for profile 2FA changes).
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', {
      // A text column without a database constraint: a new value needs no migration.
      enum: [
        'register',
        'login',
        'mfa_enable',
        'mfa_disable',
        'account_delete',
        'email_change',
        'reauth',
      ],
    }).notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('email_codes_lookup_idx').on(t.purpose, t.email, t.subject)],
);

/** The password step of a 2FA login; its token lives only in a short-lived cookie. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [uniqueIndex('login_challenges_token_idx').on(t.tokenHash)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Security-relevant events; the privacy policy keeps them up to 12 months. */
export const securityLog = pgTable(
  'security_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('security_log_created_idx').on(t.createdAt),
    index('security_log_user_idx').on(t.userId),
  ],
);

/**
 * The „To nie ja” links of account-change alerts (DESIGN.md §7.7). Only the
 * token's hash is stored. `change` names what the alert reported, and
 * `details` what the lock removes (a passkey's id); used once, 7 days.
 */
export const accountLockTokens = pgTable(
  'account_lock_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    change: text('change').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('account_lock_tokens_hash_idx').on(t.tokenHash),
    index('account_lock_tokens_user_idx').on(t.userId),
  ],
);
