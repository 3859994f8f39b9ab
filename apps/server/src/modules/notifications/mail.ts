import type { MailMessage } from '../../mail/transport';

/** Polish notification e-mails (plain text plus HTML). */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const footer =
  'Powiadomienia e-mail możesz wyłączyć w ustawieniach profilu. Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.';

/** One notification e-mail: a heading, one sentence and the button to the ticket. */
export function buildNotificationMail(
  to: string,
  subject: string,
  intro: string,
  link: string,
): MailMessage {
  const html = `<!doctype html><html lang="pl"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(subject)}</h1><p style="margin:0 0 16px">${escapeHtml(intro)}</p><p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#fff;border-radius:8px;text-decoration:none">Otwórz zgłoszenie</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(link)}</p><p style="font-size:12px;color:#777">${escapeHtml(footer)}</p></body></html>`;
  return { to, subject, text: `${intro}\n\n${link}\n\n${footer}`, html };
}

/** "1 nowa wiadomość", "3 nowe wiadomości", "5 nowych wiadomości". */
export function messagesPl(n: number): string {
  const last = n % 10;
  const lastTwo = n % 100;
  if (n === 1) return '1 nowa wiadomość';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${n} nowe wiadomości`;
  return `${n} nowych wiadomości`;
}

export const notificationMails = {
  /** To the ticket's owner: staff replied. */
  staffReply: (input: { to: string; seq: number; count: number; link: string }) =>
    buildNotificationMail(
      input.to,
      input.count === 1
        ? `Nowa odpowiedź w zgłoszeniu #${input.seq}`
        : `Nowe odpowiedzi w zgłoszeniu #${input.seq}`,
      `W Twoim zgłoszeniu #${input.seq} czeka ${messagesPl(input.count)} od naszego zespołu.`,
      input.link,
    ),
  /** To an admin: a customer opened a ticket or wrote in one. */
  customerMessage: (input: {
    to: string;
    username: string;
    seq: number;
    count: number;
    isNewTicket: boolean;
    link: string;
  }) => {
    const name = unlinkedName(input.username);
    return buildNotificationMail(
      input.to,
      input.isNewTicket
        ? `Nowe zgłoszenie od ${name}`
        : `Nowa wiadomość od ${name} w zgłoszeniu #${input.seq}`,
      input.isNewTicket
        ? `Użytkownik ${name} otworzył nowe zgłoszenie (#${input.seq}): ${messagesPl(input.count)}.`
        : `Użytkownik ${name} napisał w zgłoszeniu #${input.seq}: ${messagesPl(input.count)}.`,
      input.link,
    );
  },
};

/**
 * A username with a zero-width space after each dot, so mail clients do not
 * turn a domain-like name made before the rule (`www.bank-pl.com`) into a
 * link to that site (finding 31). Names without a dot stay as they are.
 */
export function unlinkedName(username: string): string {
  return username.replaceAll('.', '.\u200B');
}
