/**
 * A staff member's signature under their public replies (issue 31):
 * `GET|PUT /api/profile/signature` `{signature}`, staff only. The server adds
 * it below the text of every public reply (never a note) when it is stored,
 * so the thread shows what the customer got.
 */
import { z } from 'zod';

export const REPLY_SIGNATURE_MAX = 500;

/** `PUT /api/profile/signature`: an empty text removes the signature. */
export const ReplySignatureBodySchema = z.object({
  signature: z.string().trim().max(REPLY_SIGNATURE_MAX),
});

export const ReplySignatureAnswerSchema = z.object({ signature: z.string() });

export type ReplySignatureAnswer = z.infer<typeof ReplySignatureAnswerSchema>;
