/**
 * Writing without an account (DESIGN.md §7.6): a visitor's inquiry, confirmed
 * from an e-mailed link, becomes a ticket of the account with that address or
 * of a guest account without a password.
 */
import { z } from 'zod';
import { MESSAGE_BODY_MAX } from './limits';
import { EmailSchema } from './schemas';

export const INQUIRY_NAME_MAX = 100;
/** The confirmation link works this long. */
export const INQUIRY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** The web form does not send sooner than this after it was shown (people take longer). */
export const INQUIRY_MIN_FILL_MS = 3000;

/**
 * `POST /api/inquiries`. `website` is the honeypot: hidden from people, so
 * anything in it marks a bot (the call answers 202 and does nothing).
 * `form_ms` is how long the form was open; both are optional, so a call with
 * just the four fields of the contract is processed.
 */
export const InquirySchema = z.object({
  name: z.string().trim().min(1).max(INQUIRY_NAME_MAX),
  email: EmailSchema,
  body: z.string().trim().min(1).max(MESSAGE_BODY_MAX),
  accept_terms: z.literal(true),
  website: z.string().max(500).optional(),
  form_ms: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** `POST /api/inquiries/confirm`: the token from the e-mailed link. */
export const InquiryConfirmSchema = z.object({ token: z.string().min(1).max(200) });

/** `POST /api/inquiries` answers 202 with this whatever the address (no hint whether it has an account). */
export const InquiryAcceptedAnswerSchema = z.object({ ok: z.literal(true) });

/** `POST /api/inquiries/confirm`: the ticket the inquiry became (the same one when confirmed again). */
export const InquiryConfirmedAnswerSchema = z.object({ ticket_id: z.number().int().positive() });

export type InquiryInput = z.infer<typeof InquirySchema>;
export type InquiryConfirmedAnswer = z.infer<typeof InquiryConfirmedAnswerSchema>;
