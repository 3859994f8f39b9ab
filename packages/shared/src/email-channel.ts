import { z } from 'zod';

/** The one-click unsubscribe link of ticket e-mails (DESIGN §7.1): a signed token names the user. */
export const UnsubscribeQuerySchema = z.object({
  token: z.string().max(200).describe('From the `List-Unsubscribe` link of a ticket e-mail.'),
});

/** Ticket e-mails are now off for the token's user. */
export const UnsubscribedAnswerSchema = z.object({ email: z.literal(false) });
export type UnsubscribedAnswer = z.infer<typeof UnsubscribedAnswerSchema>;
