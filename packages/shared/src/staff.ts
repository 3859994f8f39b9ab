/**
 * The staff workspace contract (DESIGN.md §7.2, issue 17): tab counts, saved
 * replies, the customer panel and statistics. Admins only; the ticket fields
 * (subject, number, awaiting, assignee, internal notes) live in tickets.ts.
 */
import { z } from 'zod';
import { SecondFactorsSchema } from './account-lock';
import { MESSAGE_BODY_MAX } from './limits';
import { TicketAwaitingSchema, TicketStatusSchema } from './tickets';

const Id = z.number().int().positive();
const Timestamp = z.string();
const Count = z.number().int().nonnegative();

// ── Tab counts ──────────────────────────────────────────────────────────────

/** `GET /api/admin/ticket-views?q=`: the same search as the list. */
export const TicketViewsQuerySchema = z.object({ q: z.string().max(200).optional() });

/** How many tickets each staff tab holds (search applied). */
export const TicketViewsAnswerSchema = z.object({
  views: z.object({
    awaiting_staff: Count,
    awaiting_customer: Count,
    mine: Count,
    unassigned: Count,
    closed: Count,
    all: Count,
    /** Open tickets past their due time, and due within the next hour (DESIGN.md §7.9). */
    overdue: Count,
    due_soon: Count,
  }),
});

// ── Saved replies ───────────────────────────────────────────────────────────

export const SAVED_REPLY_TITLE_MAX = 120;
/** A saved reply becomes a message, so it is held to the message limit. */
export const SAVED_REPLY_BODY_MAX = MESSAGE_BODY_MAX;

/** `:id` of `/api/saved-replies/:id`; anything else is a 404. */
export const SavedReplyIdParamSchema = z.string().regex(/^\d{1,10}$/);

/** `POST /api/saved-replies` body. Placeholders `{username}` and `{ticket}` are filled in by the web app. */
export const SavedReplyBodySchema = z.object({
  title: z.string().trim().min(1).max(SAVED_REPLY_TITLE_MAX),
  body: z.string().trim().min(1).max(SAVED_REPLY_BODY_MAX),
});

/** `PATCH /api/saved-replies/:id` body: either field or both. */
export const SavedReplyPatchSchema = SavedReplyBodySchema.partial().refine(
  (value) => value.title !== undefined || value.body !== undefined,
  { message: 'empty' },
);

/** One saved reply: the answer of POST (201) and PATCH. */
export const SavedReplySchema = z.object({ id: Id, title: z.string(), body: z.string() });

/** `GET /api/saved-replies`: all of them, by title. */
export const SavedReplyListAnswerSchema = z.object({ saved_replies: z.array(SavedReplySchema) });

/** `DELETE /api/saved-replies/:id`. */
export const DeletedSavedReplyAnswerSchema = z.object({ ok: z.literal(true) });

// ── Customer panel ──────────────────────────────────────────────────────────

/** `:id` of `/api/admin/customers/:id`. */
export const CustomerIdParamSchema = z.string().regex(/^\d{1,10}$/);

/** `GET /api/admin/customers/:id`: who the customer is and their tickets, newest first. */
export const CustomerPanelAnswerSchema = z.object({
  customer: z.object({
    id: Id,
    username: z.string(),
    email: z.string(),
    created_at: Timestamp,
    mfa_enabled: z.boolean(),
    /** Every second factor that is on (issue 28), beside the e-mail-codes flag above. */
    second_factors: SecondFactorsSchema,
    /** The address bounces (a delivery report for one of our mails); ticket e-mails wait until the customer signs in or changes it. */
    email_bouncing: z.boolean(),
    /** An account without a password (§7.6): it writes through the form or by e-mail, has no sign-in and no second factor. */
    guest: z.boolean(),
    /** The name the customer gave with their newest inquiry (guests), else null. */
    name: z.string().nullable(),
    tickets: z.array(
      z.object({
        id: Id,
        seq: Id,
        number: Id,
        subject: z.string(),
        status: TicketStatusSchema,
        awaiting: TicketAwaitingSchema.nullable(),
      }),
    ),
  }),
});

// ── Staff list ──────────────────────────────────────────────────────────────

/** `GET /api/admin/staff`: every admin, by name, for the assignment list (an addition to §7.2). */
export const StaffListAnswerSchema = z.object({
  staff: z.array(z.object({ id: Id, username: z.string() })),
});

// ── Statistics ──────────────────────────────────────────────────────────────

export const STATS_DAYS_DEFAULT = 30;
export const STATS_DAYS_MAX = 365;

/** `GET /api/admin/stats?days=N`. */
export const StatsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(STATS_DAYS_MAX).default(STATS_DAYS_DEFAULT),
});

/**
 * Open and waiting counts now; first-response time (seconds from a ticket's
 * creation to staff's first public answer) over tickets created in the window;
 * tickets created and closed per day, every day present, dates in Europe/Warsaw.
 */
export const StatsAnswerSchema = z.object({
  open: Count,
  awaiting_staff: Count,
  first_response_seconds: z.object({ p50: Count.nullable(), p90: Count.nullable() }),
  per_day: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      created: Count,
      closed: Count,
    }),
  ),
  /** Ratings given in the window (DESIGN.md §7.9), by score. */
  satisfaction: z.object({ good: Count, neutral: Count, bad: Count }),
  /** Creation to close, wall-clock seconds, over tickets closed in the window. */
  resolution_seconds: z.object({ p50: Count.nullable(), p90: Count.nullable() }),
  /**
   * Each staff member's window: public replies written, tickets closed while
   * assigned to them, and the median first response of the tickets they answered first.
   */
  per_agent: z.array(
    z.object({
      id: z.number().int().positive(),
      username: z.string(),
      replies: Count,
      closed: Count,
      first_response_seconds: z.object({ p50: Count.nullable() }),
    }),
  ),
});

export type TicketViewsQuery = z.infer<typeof TicketViewsQuerySchema>;
export type TicketViewsAnswer = z.infer<typeof TicketViewsAnswerSchema>;
export type SavedReplyBody = z.infer<typeof SavedReplyBodySchema>;
export type SavedReplyPatch = z.infer<typeof SavedReplyPatchSchema>;
export type SavedReply = z.infer<typeof SavedReplySchema>;
export type SavedReplyListAnswer = z.infer<typeof SavedReplyListAnswerSchema>;
export type DeletedSavedReplyAnswer = z.infer<typeof DeletedSavedReplyAnswerSchema>;
export type CustomerPanelAnswer = z.infer<typeof CustomerPanelAnswerSchema>;
export type StaffListAnswer = z.infer<typeof StaffListAnswerSchema>;
export type StatsQuery = z.infer<typeof StatsQuerySchema>;
export type StatsAnswer = z.infer<typeof StatsAnswerSchema>;
