/**
 * „Skrzynka”: the mails the product set aside in the support mailbox, for
 * staff (DESIGN.md §7.1, issue 29). The mails stay in the mailbox's folder
 * `Kontakt/Nieprzypisane` and nowhere in the database; these shapes describe
 * what the API reads from there.
 */
import { z } from 'zod';

/**
 * Why a mail was set aside. The watcher writes the reason on the mail itself
 * (an IMAP keyword) when it moves it; `other` is a mail without one (moved
 * there by hand, by an older version, or on a server that keeps no keywords).
 */
export const SET_ASIDE_REASONS = [
  'unknown_sender',
  'staff_sender',
  'unverified_sender',
  'automatic',
  'unmatched',
  'spoofed',
  'refused',
  'too_large',
  'unparseable',
  'failed',
  'other',
] as const;
export type SetAsideReason = (typeof SET_ASIDE_REASONS)[number];

/** Each reason in Polish, as staff read it in the list (and the docs, docs/email.md). */
export const SET_ASIDE_REASON_TEXT: Readonly<Record<SetAsideReason, string>> = {
  unknown_sender: 'Nadawca nie ma konta',
  staff_sender: 'Wysłany z adresu członka zespołu',
  unverified_sender: 'Serwer poczty nie potwierdził nadawcy',
  automatic: 'Wiadomość automatyczna',
  unmatched: 'Odpowiedź, której nie udało się przypisać do zgłoszenia',
  spoofed: 'Odpowiedź z innego adresu niż ten, na który poszło powiadomienie',
  refused: 'Zgłoszenie nie przyjęło wiadomości (np. zamknięte lub pełne)',
  too_large: 'Wiadomość jest za duża, by ją odczytać',
  unparseable: 'Nie udało się odczytać wiadomości',
  failed: 'Zapis nie powiódł się kilka razy z rzędu',
  other: 'Powód nieznany',
};

/**
 * A mail's id in the list: the folder's UIDVALIDITY and the mail's UID, so an
 * id from before the folder was rebuilt names nothing rather than another mail.
 */
export const MailboxMailIdSchema = z.string().regex(/^\d{1,10}\.\d{1,10}$/);

export const MailboxMailSchema = z.object({
  id: MailboxMailIdSchema,
  /** The sender's address as written in From, or null. */
  from: z.string().nullable(),
  /** The sender's display name, or null. */
  from_name: z.string().nullable(),
  subject: z.string(),
  /** ISO 8601: when the mailbox received it. */
  date: z.string(),
  reason: z.enum(SET_ASIDE_REASONS),
  /** Bytes, as the mailbox counts them. */
  size: z.number().int().nonnegative(),
});

/** Most mails one list answers, newest first; `total` counts all of them. */
export const MAILBOX_LIST_MAX = 200;

/**
 * `GET /api/admin/mailbox` (admins) → the mails set aside, newest first.
 * `configured: false` without IMAP_URL (an empty list, nothing to connect to).
 * 503 `service_unavailable` while the mailbox cannot be reached.
 */
export const MailboxListAnswerSchema = z.object({
  mails: z.array(MailboxMailSchema),
  total: z.number().int().nonnegative(),
  configured: z.boolean(),
});

/** `POST /api/admin/mailbox/:id/ticket` → the ticket opened for the sender (404 once the mail is gone). */
export const MailboxTicketAnswerSchema = z.object({ ticket_id: z.number().int().positive() });

/** `POST /api/admin/mailbox/:id/attach {ticket_id}` → the message it became, as the ticket owner's. */
export const MailboxAttachBodySchema = z.object({ ticket_id: z.number().int().positive() });
export const MailboxAttachAnswerSchema = z.object({ message_id: z.number().int().positive() });

/**
 * Admins' list stream (`GET /api/stream/tickets`) carries `event: mailbox` with this
 * payload whenever the folder changes (a mail set aside, handled or trashed);
 * customers never receive it. No id: a reconnecting page reads the list anew.
 */
export const MailboxStreamEventSchema = z.object({ total: z.number().int().nonnegative() });

export type MailboxMail = z.infer<typeof MailboxMailSchema>;
export type MailboxListAnswer = z.infer<typeof MailboxListAnswerSchema>;
export type MailboxTicketAnswer = z.infer<typeof MailboxTicketAnswerSchema>;
export type MailboxAttachBody = z.infer<typeof MailboxAttachBodySchema>;
export type MailboxAttachAnswer = z.infer<typeof MailboxAttachAnswerSchema>;
export type MailboxStreamEvent = z.infer<typeof MailboxStreamEventSchema>;
