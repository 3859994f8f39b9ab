/**
 * Satisfaction (DESIGN.md §7.9): once a ticket is closed its customer rates
 * it, in the closed thread or from the closing e-mail's link. One rating per
 * ticket; a later one replaces it.
 */
import { z } from 'zod';

export const RATING_SCORES = ['good', 'neutral', 'bad'] as const;
export const RatingScoreSchema = z.enum(RATING_SCORES);

/** A comment is a sentence or a paragraph, not a second thread. */
export const RATING_COMMENT_MAX = 1000;

/** Blank text means no comment; surrounding whitespace is not kept. */
const CommentSchema = z
  .string()
  .max(RATING_COMMENT_MAX)
  .transform((text) => text.trim() || null)
  .nullable()
  .optional()
  .transform((text) => text ?? null);

/** `POST /api/tickets/:id/rating`. */
export const RatingBodySchema = z.object({ score: RatingScoreSchema, comment: CommentSchema });

/**
 * The token of the closing e-mail's links names one ticket and its owner under
 * the server's key; the score is chosen on the page the link opens.
 */
export const RatingLinkTokenSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}\.[1-9][0-9]{0,9}\.[\w-]{32}$/);

/** `POST /api/ratings/by-link`: the rating page posts what the person chose. */
export const RatingByLinkBodySchema = z.object({
  // Any text: the server tells a token that is not its own with `invalid_token`.
  token: z.string().min(1).max(200),
  score: RatingScoreSchema,
  comment: CommentSchema,
});

/** `{ticket}.rating`: null until the customer rates the ticket. */
export const TicketRatingSchema = z.object({
  score: RatingScoreSchema,
  comment: z.string().nullable(),
  rated_at: z.string(),
});

/** `POST /api/tickets/:id/rating` (200). */
export const RatingAnswerSchema = z.object({ rating: TicketRatingSchema });

/** `POST /api/ratings/by-link` (200): the rating and which ticket it went to. */
export const RatingByLinkAnswerSchema = z.object({
  rating: TicketRatingSchema,
  ticket: z.object({ number: z.number().int().positive(), subject: z.string() }),
});

export type RatingScore = z.infer<typeof RatingScoreSchema>;
export type RatingBody = z.input<typeof RatingBodySchema>;
export type RatingByLinkBody = z.input<typeof RatingByLinkBodySchema>;
export type TicketRating = z.infer<typeof TicketRatingSchema>;
export type RatingAnswer = z.infer<typeof RatingAnswerSchema>;
export type RatingByLinkAnswer = z.infer<typeof RatingByLinkAnswerSchema>;
