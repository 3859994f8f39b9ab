import { z } from 'zod';

/**
 * The one-click unsubscribe link of ticket e-mails (DESIGN §7.1) and of the
 * staff's grouped new-ticket mail: a signed token names the user and the list.
 */
export const UnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .max(200)
    .describe(
      'From the `List-Unsubscribe` link of a ticket e-mail, the staff digest or a staff assignment or overdue mail.',
    ),
});

/**
 * Ticket e-mails are now off for the token's user (`email: false`), or, for a
 * digest token, the staff member's new-ticket mails (`new_tickets: "none"`),
 * or, for an overdue mail's token, their overdue mails (`assigned_overdue: false`).
 */
export const UnsubscribedAnswerSchema = z.union([
  z.object({ email: z.literal(false) }),
  z.object({ new_tickets: z.literal('none') }),
  z.object({ assigned_overdue: z.literal(false) }),
]);
export type UnsubscribedAnswer = z.infer<typeof UnsubscribedAnswerSchema>;
