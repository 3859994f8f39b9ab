/**
 * The tickets API contract (SPEC.md §3, §7; DESIGN.md §5): what each tickets,
 * messages, stream and file call takes and answers. The server builds its
 * answers typed by these schemas and the web app parses with them, so a field
 * renamed on one side fails the typecheck of the other.
 */
import { z } from 'zod';
import {
  THREAD_PAGE_DEFAULT,
  THREAD_PAGE_MAX,
  TICKET_LIST_LIMIT_DEFAULT,
  TICKET_LIST_LIMIT_MAX,
} from './limits';
import { TicketRatingSchema } from './ratings';

const Id = z.number().int().positive();
/** ISO 8601 text as the server writes it; the web app shows whatever it gets. */
const Timestamp = z.string();

export const TicketStatusSchema = z.enum(['open', 'closed']);

/**
 * Whose turn it is (DESIGN.md §7.2), from the newest public message: `staff`
 * when it is the customer's, `customer` when it is staff's; null once closed.
 * Internal notes never count.
 */
export const TicketAwaitingSchema = z.enum(['staff', 'customer']);

/** The admin a ticket is assigned to, or null. */
export const TicketAssigneeSchema = z.object({ id: Id, username: z.string() }).nullable();

/** A subject: 1–120 characters after trimming. */
export const TICKET_SUBJECT_MAX = 120;
export const TicketSubjectSchema = z.string().trim().min(1).max(TICKET_SUBJECT_MAX);

// ── Requests ────────────────────────────────────────────────────────────────

/** `:id` of `/api/tickets/:id…`: anything else is a 404, like a ticket one may not see. */
export const TicketIdParamSchema = z.string().regex(/^\d{1,10}$/);

/** `:id` of `/api/files/:id`: the attachment's UUID. */
export const FileIdParamSchema = z.string().regex(/^[0-9a-f-]{36}$/);

/** `Idempotency-Key` header of the two message sends: printable ASCII, no spaces. */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,200}$/);

/** What the API document says of a parameter a customer may not use (403 `forbidden`). */
const STAFF_ONLY = 'Staff only: a customer using it gets 403 `forbidden`.';

/**
 * `GET /api/tickets` query. `awaiting`, `assignee`, `due`, `dir` and a `sort`
 * other than `activity` are staff filters (DESIGN.md §7.2; a customer using
 * one gets 403, staff-filters.ts): `assignee` is `me`, `none` or an admin's
 * user id; `sort=waiting` puts the longest-waiting ticket first;
 * `sort=number|due` and `dir` order staff's columns.
 */
export const TicketListQuerySchema = z.object({
  status: TicketStatusSchema.optional(),
  q: z.string().max(200).optional(),
  awaiting: TicketAwaitingSchema.optional().describe(STAFF_ONLY),
  assignee: z
    .string()
    .regex(/^(me|none|[1-9]\d{0,9})$/)
    .optional()
    .describe(STAFF_ONLY),
  /**
   * Staff's list columns (issue 31): `number` and `due` (due time, tickets without one
   * last), each with `dir`; `activity` is the default, newest first.
   */
  sort: z
    .enum(['activity', 'waiting', 'number', 'due'])
    .optional()
    .describe(
      '`activity` (the default, newest first) for everyone; `waiting`, `number` and `due` are staff only: a customer using them gets 403 `forbidden`.',
    ),
  dir: z.enum(['asc', 'desc']).optional().describe(STAFF_ONLY),
  /** Staff: open tickets past their due time, or due within the next hour (DESIGN.md §7.9). */
  due: z.enum(['overdue', 'soon']).optional().describe(STAFF_ONLY),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TICKET_LIST_LIMIT_MAX)
    .default(TICKET_LIST_LIMIT_DEFAULT),
  cursor: z.string().max(200).optional(),
});

/**
 * A message id in a query or body: digits only, within the ids a `bigserial`
 * can hand out that JavaScript counts exactly. Anything else (`1e3`, `-1`,
 * 20 digits) is 400 `validation_failed`, never a database error.
 */
const MessageIdText = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/**
 * `GET /api/tickets/:id/messages` query (DESIGN.md §7.4, §7.5): the newest page,
 * or the page before the message `before`; `mark_read=false` leaves the
 * caller's read marker where it is.
 */
export const TicketThreadQuerySchema = z.object({
  before: MessageIdText.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(THREAD_PAGE_MAX))
    .default(THREAD_PAGE_DEFAULT),
  mark_read: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/** `POST /api/tickets/:id/read` body: the newest message the user saw. */
export const MarkReadBodySchema = z.object({
  up_to: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** `PATCH /api/tickets/:id` body (owner or staff). */
export const TicketSubjectBodySchema = z.object({ subject: TicketSubjectSchema });

/** `PATCH /api/tickets/:id/assignee` body: an admin's id, or null to unassign (staff only). */
export const TicketAssigneeBodySchema = z.object({ assignee_id: Id.nullable() });

/** `PATCH /api/tickets/:id/status` body. Only what the route reads: forged extra fields are dropped. */
export const TicketStatusBodySchema = z.object({ status: TicketStatusSchema });

// ── Answers ─────────────────────────────────────────────────────────────────

/** A message attachment (`files` of a message). */
export const FileAttachmentSchema = z.object({
  id: z.string(),
  url: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int().nonnegative(),
  isImage: z.boolean(),
  thumbnailUrl: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});

export const TicketMessageSchema = z.object({
  id: Id,
  ticket_id: Id,
  /** null once the author's account is deleted. */
  user_id: Id.nullable(),
  username: z.string(),
  is_admin: z.boolean(),
  body: z.string(),
  created_at: Timestamp,
  files: z.array(FileAttachmentSchema),
  /** An internal note: staff only, never sent to the customer in any way. */
  internal: z.boolean(),
  /**
   * A message that came by e-mail: `verified` when the receiving server's
   * Authentication-Results (MAIL_AUTHSERV_ID) confirmed the sender's domain,
   * `unverified` otherwise; null for messages written in the app, and always
   * null in a customer's answers (staff only, like notes).
   */
  email_sender: z.enum(['verified', 'unverified']).nullable(),
});

/** One entry of the ticket list. */
/** Longest search excerpt (DESIGN.md §7.8). */
export const SEARCH_EXCERPT_MAX_CHARS = 240;

/**
 * With `q`: where the words were found (DESIGN.md §7.8). `text` is plain text
 * (never HTML) of at most SEARCH_EXCERPT_MAX_CHARS characters around the best
 * hit in message `message_id`; `highlights` are `[start, end)` ranges of the
 * matched words in `text`, in order and apart, in UTF-16 code units (String
 * indices in JavaScript). A result found by its subject, number or customer
 * only has `match: null`.
 */
export const TicketSearchMatchSchema = z.object({
  message_id: Id,
  text: z.string().max(SEARCH_EXCERPT_MAX_CHARS),
  highlights: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
});

export const TicketItemSchema = z.object({
  id: Id,
  /** Per-owner number (#1, #2… of each customer). */
  seq: Id,
  /** Studio-wide number (staff's „#1042”). */
  number: Id,
  subject: z.string(),
  username: z.string(),
  /** The customer's account id (staff open its panel with it: `GET /api/admin/customers/:id`). */
  owner_id: Id,
  status: TicketStatusSchema,
  /** Whose turn it is; null when closed. */
  awaiting: TicketAwaitingSchema.nullable(),
  /** Since when the awaited side has been waiting (ISO); null when closed. */
  awaiting_since: Timestamp.nullable(),
  assignee: TicketAssigneeSchema,
  unread_count: z.number().int().nonnegative(),
  created_at: Timestamp,
  last_activity_at: Timestamp,
  last_message_preview: z.string().optional(),
  /**
   * When staff must answer, counted in business hours (DESIGN.md §7.9); null
   * when the customer is awaited or the ticket is closed. `overdue`: past it.
   */
  due_at: Timestamp.nullable(),
  overdue: z.boolean(),
  /**
   * Staff only, for a ticket opened by an inquiry (DESIGN.md §7.6): the name and
   * e-mail the sender gave; `guest` when the owner is an account without a password.
   */
  contact_name: z.string().optional(),
  contact_email: z.string().optional(),
  guest: z.boolean().optional(),
  /** Only in answers to a search (`q`): see TicketSearchMatchSchema. */
  match: TicketSearchMatchSchema.nullable().optional(),
});

/** `GET /api/tickets`; `next_cursor` is opaque and null on the last page. */
export const TicketListAnswerSchema = z.object({
  tickets: z.array(TicketItemSchema),
  next_cursor: z.string().nullable(),
});

/**
 * `GET /api/tickets/:id/messages`: one page, oldest first; `has_more` says an
 * older page exists (ask for it with `before` = the first message's id).
 */
export const TicketThreadAnswerSchema = z.object({
  messages: z.array(TicketMessageSchema),
  has_more: z.boolean(),
});

/** `GET /api/tickets/:id`: the ticket as a list item (deep links), with its rating. */
export const TicketAnswerSchema = z.object({
  ticket: TicketItemSchema.extend({ rating: TicketRatingSchema.nullable() }),
});

/** `POST /api/tickets/:id/read` and `/unread`: the caller's unread messages in that ticket. */
export const UnreadCountAnswerSchema = z.object({ unread_count: z.number().int().nonnegative() });

/** `GET /api/tickets/unread-count`: the caller's unread messages across all tickets. */
export const UnreadTotalAnswerSchema = z.object({ unread: z.number().int().nonnegative() });

/** `POST /api/tickets` (201). */
export const CreatedTicketAnswerSchema = z.object({
  id: Id,
  seq: Id,
  /**
   * The studio-wide number the screens show (DESIGN.md §7.9). Optional only
   * for an idempotent replay of an answer stored before the field existed.
   */
  number: Id.optional(),
});

/** `POST /api/tickets/:id/messages` (201). */
export const PostedMessageAnswerSchema = z.object({ message: TicketMessageSchema });

/** `PATCH /api/tickets/:id/assignee`. */
export const TicketAssigneeAnswerSchema = z.object({ id: Id, assignee: TicketAssigneeSchema });

/** `PATCH /api/tickets/:id/status`. */
export const TicketStatusAnswerSchema = z.object({ id: Id, status: TicketStatusSchema });

/** `DELETE /api/tickets/:id`. */
export const DeletedTicketAnswerSchema = z.object({ ok: z.literal(true) });

// ── Live updates (`/api/stream/tickets`, `/api/stream/tickets/:id/messages`) ──

/** `updated`: the subject or the assignee changed. */
export const TicketEventTypeSchema = z.enum(['created', 'message', 'status', 'updated', 'deleted']);

/** SSE event `ticket` of the list stream: the list changed. */
export const TicketListEventSchema = z.object({
  type: TicketEventTypeSchema,
  ticket_id: Id,
  status: TicketStatusSchema.optional(),
});

/** SSE event `message` of a thread stream: that thread changed (its creation is not sent). */
export const TicketThreadEventSchema = z.object({
  type: TicketEventTypeSchema.exclude(['created']),
  ticket_id: Id,
  message_id: Id.optional(),
  status: TicketStatusSchema.optional(),
});

export type TicketStatus = z.infer<typeof TicketStatusSchema>;
export type TicketListQuery = z.infer<typeof TicketListQuerySchema>;
export type TicketAwaiting = z.infer<typeof TicketAwaitingSchema>;
export type TicketAssignee = z.infer<typeof TicketAssigneeSchema>;
export type TicketSubjectBody = z.infer<typeof TicketSubjectBodySchema>;
export type TicketAssigneeBody = z.infer<typeof TicketAssigneeBodySchema>;
export type TicketAssigneeAnswer = z.infer<typeof TicketAssigneeAnswerSchema>;
export type TicketStatusBody = z.infer<typeof TicketStatusBodySchema>;
export type FileAttachment = z.infer<typeof FileAttachmentSchema>;
export type TicketMessage = z.infer<typeof TicketMessageSchema>;
export type TicketItem = z.infer<typeof TicketItemSchema>;
export type TicketSearchMatch = z.infer<typeof TicketSearchMatchSchema>;
export type TicketListAnswer = z.infer<typeof TicketListAnswerSchema>;
export type TicketThreadQuery = z.infer<typeof TicketThreadQuerySchema>;
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>;
export type TicketThreadAnswer = z.infer<typeof TicketThreadAnswerSchema>;
export type TicketAnswer = z.infer<typeof TicketAnswerSchema>;
export type UnreadCountAnswer = z.infer<typeof UnreadCountAnswerSchema>;
export type UnreadTotalAnswer = z.infer<typeof UnreadTotalAnswerSchema>;
export type CreatedTicketAnswer = z.infer<typeof CreatedTicketAnswerSchema>;
export type PostedMessageAnswer = z.infer<typeof PostedMessageAnswerSchema>;
export type TicketStatusAnswer = z.infer<typeof TicketStatusAnswerSchema>;
export type DeletedTicketAnswer = z.infer<typeof DeletedTicketAnswerSchema>;
export type TicketEventType = z.infer<typeof TicketEventTypeSchema>;
export type TicketListEvent = z.infer<typeof TicketListEventSchema>;
export type TicketThreadEvent = z.infer<typeof TicketThreadEventSchema>;
