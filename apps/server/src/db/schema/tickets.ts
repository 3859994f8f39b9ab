import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { ts } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Search tokens (DESIGN.md §7.8): the Polish lemmas and whole addresses of a
 * text, computed in the application (src/modules/search) and stored with
 * `array_to_tsvector`, so the database never stems and PGlite and PostgreSQL
 * match the same. Written only as SQL (`searchVector()`); never read back.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Studio-wide ticket numbers (staff's „#1042”), apart from the per-owner `seq`. */
export const ticketNumberSeq = pgSequence('ticket_number_seq', { startWith: 1001 });

/**
 * A support ticket. `seq` numbers each owner's tickets from 1 (the owner's "#3").
 * The staff columns (`awaiting`, `awaiting_since`, `first_response_at`,
 * `closed_at`) are kept in the transaction of the write that changes them, so
 * the staff list, its tab counts and the statistics never scan messages.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: ts('created_at').notNull(),
    lastActivityAt: ts('last_activity_at').notNull(),
    /** Denormalised so the list never has to look into messages for it. */
    lastMessagePreview: text('last_message_preview'),
    number: integer('number').notNull().default(sql`nextval('ticket_number_seq')`),
    subject: text('subject').notNull().default(''),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whose turn it is after the newest public message; read as null while closed. */
    awaiting: text('awaiting', { enum: ['staff', 'customer'] }),
    /** When the awaited side started waiting (the first public message after the other side's). */
    awaitingSince: ts('awaiting_since'),
    /** Staff's first public answer. */
    firstResponseAt: ts('first_response_at'),
    /**
     * When staff must answer (DESIGN.md §7.9): `awaiting_since` plus the first or
     * next response target in business hours, stored by the write that changes
     * the turn (insert-message.ts, change-status.ts) and by a change of the
     * business hours (modules/business-hours), so the list filters and sorts by
     * it through an index instead of computing it per row. Null unless the
     * ticket is open and awaits staff.
     */
    dueAt: ts('due_at'),
    /** When the assignee was mailed that this waiting went overdue; cleared when a new waiting starts. */
    overdueNotifiedAt: ts('overdue_notified_at'),
    /** The latest close; cleared when reopened. */
    closedAt: ts('closed_at'),
    /** The name and e-mail given in the inquiry that opened the ticket (staff see them). */
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    /**
     * How many messages (notes included) the ticket holds, kept by the statement
     * that writes each message (insert-message.ts): the cap of finding 4 is
     * checked from the locked row instead of counting the thread on every post
     * (0.4 ms of a post's 2.6 on PGlite, bench/README.md "Writes").
     */
    messageCount: integer('message_count').notNull().default(0),
    /** The subject's and the inquiry sender's name and address, as search tokens. */
    searchVector: tsvector('search_vector'),
    /**
     * Staff search: the tokens of `search_vector` and of every message, notes
     * included, kept by the statement that writes each message (a union
     * without positions). Staff searches find tickets here, newest first, and
     * stop after SEARCH_CANDIDATES_MAX (service/search.ts): 100,000 tickets to
     * search instead of a million messages. Never used for customers, whose
     * search must not see notes. Null until the start-up backfill reaches a
     * ticket written before it.
     */
    contentVector: tsvector('content_vector'),
  },
  (t) => [
    index('tickets_search_idx').using('gin', t.searchVector),
    index('tickets_content_search_idx').using('gin', t.contentVector),
    uniqueIndex('tickets_number_idx').on(t.number),
    // Staff views: waiting tickets by waiting time, and the tab counts.
    index('tickets_status_awaiting_idx').on(t.status, t.awaiting, t.awaitingSince, t.id),
    index('tickets_assignee_activity_idx').on(t.assigneeId, t.lastActivityAt, t.id),
    // Covers the statistics' first-response percentiles: an index-only scan of the window.
    index('tickets_created_response_idx').on(t.createdAt, t.firstResponseAt),
    index('tickets_closed_idx').on(t.closedAt),
    // „Po terminie” / „Wkrótce termin” and the overdue mail's check: only tickets awaiting staff have one.
    index('tickets_due_idx').on(t.dueAt, t.id).where(sql`${t.dueAt} is not null`),
    // The desk's „Termin” column either way, tickets without a due time last (column-order.ts):
    // a backward scan would put them first, so the descending order has an index of its own.
    index('tickets_due_order_idx').on(t.dueAt.asc().nullsLast(), t.id.asc()),
    index('tickets_due_desc_order_idx').on(t.dueAt.desc().nullsLast(), t.id.desc()),
    uniqueIndex('tickets_owner_seq_idx').on(t.ownerId, t.seq),
    // The list pages by (last_activity_at, id) descending (a backward index scan), for one owner or all.
    index('tickets_owner_activity_idx').on(t.ownerId, t.lastActivityAt, t.id),
    index('tickets_activity_idx').on(t.lastActivityAt, t.id),
    // One per status, not (status, last_activity_at, id): recent activity is mostly open
    // tickets, and with one index for both the planner took the all-tickets index and
    // skipped thousands of open rows to find the newest closed ones (bench/README.md).
    index('tickets_open_activity_idx').on(t.lastActivityAt, t.id).where(sql`${t.status} = 'open'`),
    index('tickets_closed_activity_idx')
      .on(t.lastActivityAt, t.id)
      .where(sql`${t.status} = 'closed'`),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Kept when the author's account is deleted, so the thread still reads. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Staff at the time of writing: a later role change does not rewrite history. */
    authorIsAdmin: boolean('author_is_admin').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
    /** A staff note: never shown, counted or sent to the customer (DESIGN.md §7.2). */
    internal: boolean('internal').notNull().default(false),
    /**
     * A message that came by e-mail: `verified` when the receiving server's
     * Authentication-Results passed DMARC (or an aligned DKIM) under
     * MAIL_AUTHSERV_ID, else `unverified` (staff see „nadawca niepotwierdzony”).
     * Null for messages written on the site.
     */
    emailSender: text('email_sender', { enum: ['verified', 'unverified'] }),
    /** The body's search tokens; null until the start-up backfill reaches a message written before them. */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    // No index on search_vector: staff search tickets' content_vector, customers their own
    // tickets' messages through ticket_messages_ticket_idx (service/search.ts).
    index('ticket_messages_ticket_idx').on(t.ticketId, t.id),
    // The statistics' staff replies (issue 34, modules/staff/stats-additions.ts): a ticket's
    // first one (by ticket, in id order) and those in a period (by time), read from the
    // index alone (author_id is carried for that), never from every message.
    index('ticket_messages_staff_reply_idx')
      .on(t.ticketId, t.id, t.authorId)
      .where(sql`${t.authorIsAdmin} and not ${t.internal}`),
    index('ticket_messages_staff_reply_time_idx')
      .on(t.createdAt, t.authorId, t.ticketId)
      .where(sql`${t.authorIsAdmin} and not ${t.internal}`),
  ],
);

/**
 * Every search token that occurs in some message or ticket (inserted by the
 * statement that writes the text, never deleted). A typo's alternatives are
 * the several hundred words one edit away (search/typos.ts); only those that
 * occur here go into the query, so it ORs a few real words whose frequency
 * the database knows instead of hundreds it must price blind.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    /** Random, so a file's URL cannot be guessed from another's. */
    id: text('id').primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The uploader's name, cleaned; only ever data, never a path. */
    filename: text('filename').notNull(),
    /** Order within the message, as uploaded. */
    position: integer('position').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    isImage: boolean('is_image').notNull(),
    width: integer('width'),
    height: integer('height'),
    thumbnailKey: text('thumbnail_key'),
    thumbnailSize: integer('thumbnail_size'),
    /** Content hash, served as the ETag. */
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ticket_attachments_message_idx').on(t.messageId),
    index('ticket_attachments_ticket_idx').on(t.ticketId),
    index('ticket_attachments_storage_idx').on(t.storageKey),
    index('ticket_attachments_thumbnail_idx').on(t.thumbnailKey),
  ],
);

/** How far each viewer has read each ticket, and how far they were e-mailed about it. */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    lastNotifiedMessageId: bigint('last_notified_message_id', { mode: 'number' })
      .notNull()
      .default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.userId] }),
    index('ticket_reads_user_idx').on(t.userId),
  ],
);

/** Every ticket change, numbered, so a reconnecting stream can replay what it missed. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: the event of a deletion outlives its ticket.
    ticketId: integer('ticket_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    type: text('type', { enum: ['created', 'message', 'status', 'updated', 'deleted'] }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ticket_events_ticket_idx').on(t.ticketId, t.id),
    index('ticket_events_created_idx').on(t.createdAt),
  ],
);

/** A repeated create with the same Idempotency-Key answers the first result. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Attachment bytes when STORAGE=database (several instances, no shared disk). */
export const fileBlobs = pgTable('file_blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** E-mail notification preference; no row means "on". */
export const notificationPrefs = pgTable('notification_prefs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Transactional outbox: jobs are written in the same transaction as the change
 * that causes them, and a poller on any instance claims due ones with
 * FOR UPDATE SKIP LOCKED. `dedupeKey` groups work (one mail per ticket and
 * recipient), `version` tells the worker a job was extended while it ran.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: ts('run_at').notNull(),
    lockedUntil: ts('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('jobs_dedupe_idx').on(t.dedupeKey), index('jobs_due_idx').on(t.runAt)],
);
