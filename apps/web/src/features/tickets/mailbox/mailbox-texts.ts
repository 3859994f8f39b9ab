import type { MailboxMail } from '@studio/shared/mailbox';
import { countOf, type PluralForms } from '~/lib/plural';

/**
 * Polish texts of „Skrzynka” (issue 29) that the screen, its dialogs and the
 * workspace header share. Error codes become Polish in `~/lib/error-messages`.
 */

export const MAILBOX_TITLE = 'Skrzynka';
/** The mailbox folder the set-aside mails live in (DESIGN.md §7.1). */
export const MAILBOX_FOLDER = 'Kontakt/Nieprzypisane';
export const NO_SUBJECT = '(bez tematu)';
export const UNKNOWN_SENDER = '(nadawca nieznany)';

const MAIL: PluralForms = { one: 'mail', few: 'maile', many: 'maili' };

/** „3 maile”, „1 mail”, „12 maili”. */
export const mailCount = (count: number) => countOf(count, MAIL);

/** The header link's accessible name: „Skrzynka, 3 maile”, or just „Skrzynka” when it is empty. */
export const mailboxLinkLabel = (count: number) =>
  count > 0 ? `${MAILBOX_TITLE}, ${mailCount(count)}` : MAILBOX_TITLE;

/** „Jan Kowalski <jan@example.com>”, the address alone, or the name alone. */
export function senderText(mail: Pick<MailboxMail, 'from' | 'from_name'>): string {
  const name = mail.from_name?.trim();
  const address = mail.from?.trim();
  if (name && address) return `${name} <${address}>`;
  return name || address || UNKNOWN_SENDER;
}

export const subjectText = (mail: Pick<MailboxMail, 'subject'>) =>
  mail.subject.trim() || NO_SUBJECT;
