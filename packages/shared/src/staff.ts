/**
 * The staff workspace contract (DESIGN.md §7.2, issue 17): tab counts, saved
 * replies, the customer panel and statistics. Admins only; the ticket fields
 * (subject, number, awaiting, assignee, internal notes) live in tickets.ts.
 */
import { z } from 'zod';
import { SecondFactorsSchema } from './account-lock';
import { isRealDate } from './business-hours';
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
/** A custom period („Własny zakres”) spans at most this many days, both ends included. */
export const STATS_RANGE_DAYS_MAX = 366;

const DAY_MS = 86_400_000;

/** How many days `from`..`to` holds, both included (0 or less when inverted). */
export function daysInRange(from: string, to: string): number {
  if (!isRealDate(from) || !isRealDate(to)) return 0;
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/**
 * A custom period: two studio-calendar days, both included. The messages are
 * Polish: the „Własny zakres” form shows them as they come (and the 400 carries them).
 */
export const StatsRangeSchema = z
  .object({
    from: z
      .string({ message: 'Podaj datę początkową.' })
      .refine((v) => isRealDate(v), { message: 'Podaj prawdziwą datę początkową.' }),
    to: z
      .string({ message: 'Podaj datę końcową.' })
      .refine((v) => isRealDate(v), { message: 'Podaj prawdziwą datę końcową.' }),
  })
  .superRefine((range, context) => {
    if (!isRealDate(range.from) || !isRealDate(range.to)) return;
    const days = daysInRange(range.from, range.to);
    if (days < 1) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'Data końcowa nie może być wcześniejsza niż początkowa.',
      });
    } else if (days > STATS_RANGE_DAYS_MAX) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Zakres może obejmować najwyżej ${STATS_RANGE_DAYS_MAX} dni.`,
      });
    }
  });

/**
 * `GET /api/admin/stats` and `/api/admin/stats.csv`: either `days=N` (the last
 * N days, today included) or `from=YYYY-MM-DD&to=YYYY-MM-DD`, never both;
 * neither means the last 30 days.
 */
export const StatsQuerySchema = z
  .object({
    days: z.coerce.number().int().min(1).max(STATS_DAYS_MAX).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
  })
  .superRefine((query, context) => {
    const custom = query.from !== undefined || query.to !== undefined;
    if (custom && query.days !== undefined) {
      context.addIssue({ code: 'custom', path: ['days'], message: 'Podaj days albo from i to.' });
      return;
    }
    if (!custom) return;
    const range = StatsRangeSchema.safeParse(query);
    for (const issue of range.success ? [] : range.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

/** The period a stats query names: the last N days, or a custom range. */
export type StatsPeriod = { days: number } | { from: string; to: string };

/** The period of a valid query (StatsQuerySchema); the default is the last 30 days. */
export function statsPeriodOf(query: StatsQuery): StatsPeriod {
  return query.from !== undefined && query.to !== undefined
    ? { from: query.from, to: query.to }
    : { days: query.days ?? STATS_DAYS_DEFAULT };
}

/** The query string of a period, the same for the JSON and the CSV. */
export function statsSearch(period: StatsPeriod): string {
  return 'days' in period
    ? `days=${period.days}`
    : `from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}`;
}

const Percentiles = z.object({ p50: Count.nullable(), p90: Count.nullable() });

/**
 * Open and waiting counts now; first-response time (seconds from a ticket's
 * creation to staff's first public answer) over tickets created in the window;
 * tickets created and closed per day, every day present, dates in Europe/Warsaw.
 */
export const StatsAnswerSchema = z.object({
  open: Count,
  awaiting_staff: Count,
  /** The period's first and last day (Europe/Warsaw), both included. */
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  first_response_seconds: Percentiles,
  /** The same tickets, counting only the business hours (GET /api/admin/business-hours). */
  first_response_business_seconds: Percentiles,
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
  resolution_seconds: Percentiles,
  /** The same tickets, counting only the business hours. */
  resolution_business_seconds: Percentiles,
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
      /** Creation to close (wall-clock) of the tickets counted in `closed`. */
      resolution_seconds: z.object({ p50: Count.nullable() }),
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
