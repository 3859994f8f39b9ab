import { countOf, plural } from '@studio/shared/plural';
import { isDomainLike } from '@studio/shared/schemas';
import { escapeHtml } from '../../lib/escape-html';
import type { MailMessage } from '../../mail/transport';
import { automaticMailHeaders } from './unsubscribe-token';

/** Polish notification e-mails (plain text plus HTML). */

const footer =
  'Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać. Te e-maile wyłączysz w ustawieniach profilu albo jednym kliknięciem:';

/**
 * One notification e-mail to a staff member (assignment, overdue): a heading,
 * one sentence, the button to the ticket, and the one-click link that turns
 * that kind of mail off, also sent as List-Unsubscribe so mail programs show
 * their own button.
 */
export function buildNotificationMail(
  to: string,
  subject: string,
  intro: string,
  link: string,
  unsubscribe: { url: string; label: string },
): MailMessage {
  const html = `<!doctype html><html lang="pl"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(subject)}</h1><p style="margin:0 0 16px">${escapeHtml(intro)}</p><p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#fff;border-radius:8px;text-decoration:none">Otwórz zgłoszenie</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(link)}</p><p style="font-size:12px;color:#777">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe.url)}" style="color:#2563eb">${escapeHtml(unsubscribe.label)}</a>.</p></body></html>`;
  return {
    to,
    subject,
    text: `${intro}\n\n${link}\n\n${footer}\n${unsubscribe.url}`,
    html,
    headers: automaticMailHeaders(unsubscribe.url),
  };
}

/** "1 nowa wiadomość", "3 nowe wiadomości", "5 nowych wiadomości" (the shared plural helper). */
export function messagesPl(n: number): string {
  return countOf(n, { one: 'nowa wiadomość', few: 'nowe wiadomości', many: 'nowych wiadomości' });
}

/** The verb agrees with the count: „czeka 1 nowa”, „czekają 2 nowe”, „czeka 5 nowych”. */
export function waitsPl(n: number): string {
  return plural(n, { one: 'czeka', few: 'czekają', many: 'czeka' });
}

export interface MailWording {
  subject: string;
  intro: string;
}

/**
 * The subject and first sentence of each ticket e-mail (compose.ts adds the
 * messages). Every mail names the studio-wide `number`, the one both screens
 * show (DESIGN.md §7.9), never the owner's own `seq`.
 */
export const notificationWording = {
  /** To the ticket's owner: staff replied. */
  staffReply: (input: { number: number; count: number }): MailWording => ({
    subject:
      input.count === 1
        ? `Nowa odpowiedź w zgłoszeniu #${input.number}`
        : `Nowe odpowiedzi w zgłoszeniu #${input.number}`,
    intro: `W Twoim zgłoszeniu #${input.number} ${waitsPl(input.count)} ${messagesPl(input.count)} od naszego zespołu.`,
  }),
  /** To an admin: a customer opened a ticket or wrote in one. */
  customerMessage: (input: {
    username: string;
    number: number;
    count: number;
    isNewTicket: boolean;
  }): MailWording => {
    const name = unlinkedName(input.username);
    return {
      subject: input.isNewTicket
        ? `Nowe zgłoszenie #${input.number} od ${name}`
        : `Nowa wiadomość od ${name} w zgłoszeniu #${input.number}`,
      intro: input.isNewTicket
        ? `Użytkownik ${name} otworzył nowe zgłoszenie #${input.number}: ${messagesPl(input.count)}.`
        : `Użytkownik ${name} napisał w zgłoszeniu #${input.number}: ${messagesPl(input.count)}.`,
    };
  },
};

/**
 * A username as e-mails show it. A domain-like name made before the rule
 * (`www.bank-pl.com`, finding 31) gets its dots written „[.]”, so mail
 * clients do not turn it into a link to that site, and a reader sees the
 * change (the zero-width spaces used before were invisible, and stayed in
 * copied text and subjects: issue 31). Every other name stays as it is.
 */
export function unlinkedName(username: string): string {
  return isDomainLike(username) ? username.replaceAll('.', '[.]') : username;
}
