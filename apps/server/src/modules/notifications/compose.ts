import { escapeHtml } from '../../lib/escape-html';
import type { MailMessage } from '../../mail/transport';
import type { PendingTicketMail } from './choose-what-to-send';
import { type MailWording, notificationWording, unlinkedName } from './mail';
import type { MailedMessage } from './mail-messages';
import { threadHeaders } from './thread-headers';
import { automaticMailHeaders } from './unsubscribe-token';

/** What a ticket e-mail is made of, besides the pending notification itself. */
export interface TicketMailParts {
  publicUrl: string;
  /** MAIL_REPLY_TO: when set, answering the e-mail writes into the ticket. */
  replyTo: string | undefined;
  messages: MailedMessage[];
  messageId: string;
  /** Message-IDs of the earlier e-mails of this ticket to this recipient, oldest first. */
  earlier: string[];
  unsubscribeUrl: string;
}

const dateFormat = new Intl.DateTimeFormat('pl-PL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Warsaw',
});

/** To a guest (DESIGN.md §7.6): no password, so no Kontakt to open; registering shows the ticket. */
const guestWording: MailWording = {
  subject: 'Odpowiedź na Twoją wiadomość do studia',
  intro: 'Nasz zespół odpowiedział na Twoją wiadomość:',
};
const guestOutro =
  'Aby widzieć całą rozmowę, załóż konto z tym samym adresem e-mail: zgłoszenie znajdziesz w zakładce Kontakt.';

function wording(pending: PendingTicketMail): MailWording {
  const { ticket } = pending;
  if (pending.isGuest) return guestWording;
  if (pending.isOwner) {
    return notificationWording.staffReply({ number: ticket.number, count: pending.unreadCount });
  }
  return notificationWording.customerMessage({
    username: ticket.owner,
    number: ticket.number,
    count: pending.unreadCount,
    isNewTicket: pending.isNewTicket,
  });
}

const byline = (m: MailedMessage) =>
  `${unlinkedName(m.author)}${m.fromStaff ? ' (zespół Studia)' : ''}, ${dateFormat.format(m.createdAt)}`;

const replyHint = 'Możesz po prostu odpowiedzieć na tego e-maila: odpowiedź trafi do zgłoszenia.';
const footerText =
  'Wiadomość wysłana automatycznie. Powiadomienia e-mail o zgłoszeniach wyłączysz w ustawieniach profilu albo jednym kliknięciem:';

/** The button under the messages: the ticket, or for a guest the way to an account. */
interface MailAction {
  label: string;
  link: string;
  /** A sentence before the button. */
  lead?: string;
}

function textVersion(w: MailWording, parts: TicketMailParts, action: MailAction): string {
  const messages = parts.messages.map((m) => {
    const files = m.fileNames.length ? `\n[Załączniki: ${m.fileNames.join(', ')}]` : '';
    return `--- ${byline(m)} ---\n${m.body}${files}`;
  });
  return [
    w.intro,
    ...messages,
    ...(action.lead ? [action.lead] : []),
    `${action.label}: ${action.link}`,
    ...(parts.replyTo ? [replyHint] : []),
    `${footerText}\n${parts.unsubscribeUrl}`,
  ].join('\n\n');
}

function messageHtml(m: MailedMessage): string {
  const files = m.fileNames.length
    ? `<p style="margin:8px 0 0;font-size:14px;color:#374151">Załączniki: ${m.fileNames.map(escapeHtml).join(', ')}</p>`
    : '';
  const accent = m.fromStaff ? '#1d4ed8' : '#6b7280';
  return `<div style="border-left:4px solid ${accent};background:#f9fafb;padding:12px 16px;margin:0 0 16px;border-radius:4px"><p style="margin:0 0 8px;font-size:14px;color:#374151"><strong style="color:#111827">${escapeHtml(byline(m))}</strong></p><div style="white-space:pre-wrap;font-size:16px;line-height:1.5;color:#111827">${escapeHtml(m.body)}</div>${files}</div>`;
}

function htmlVersion(w: MailWording, parts: TicketMailParts, action: MailAction): string {
  const link = action.link;
  const lead = action.lead
    ? `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(action.lead)}</p>`
    : '';
  const hint = parts.replyTo
    ? `<p style="margin:0 0 16px;font-size:14px;color:#374151">${escapeHtml(replyHint)}</p>`
    : '';
  return `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(w.subject)}</title></head><body style="margin:0;padding:0;background:#ffffff;color:#111827;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"><main style="max-width:600px;margin:0 auto;padding:24px 16px"><h1 style="font-size:22px;line-height:1.3;margin:0 0 12px;color:#111827">${escapeHtml(w.subject)}</h1><p style="margin:0 0 20px;font-size:16px;line-height:1.5">${escapeHtml(w.intro)}</p>${parts.messages.map(messageHtml).join('')}${lead}<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:#1d4ed8;color:#ffffff;border-radius:8px;text-decoration:none;font-size:16px;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:14px;color:#374151;word-break:break-all">${escapeHtml(link)}</p>${hint}<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0"><p style="margin:0;font-size:13px;line-height:1.5;color:#4b5563">${escapeHtml(footerText)} <a href="${escapeHtml(parts.unsubscribeUrl)}" style="color:#1d4ed8">wyłącz powiadomienia</a>.</p></main></body></html>`;
}

/**
 * The Polish ticket e-mail for a pending notification: the new messages
 * themselves in text and HTML, a button to the ticket, and the headers of
 * DESIGN §7.1 (threading, Reply-To, Auto-Submitted, one-click unsubscribe).
 */
export function composeTicketMail(pending: PendingTicketMail, parts: TicketMailParts): MailMessage {
  const w = wording(pending);
  const action: MailAction = pending.isGuest
    ? { label: 'Załóż konto', link: `${parts.publicUrl}/register`, lead: guestOutro }
    : {
        label: 'Otwórz zgłoszenie',
        link: `${parts.publicUrl}/contact?ticket=${pending.ticket.id}`,
      };
  return {
    to: pending.recipient.email,
    subject: w.subject,
    text: textVersion(w, parts, action),
    html: htmlVersion(w, parts, action),
    messageId: parts.messageId,
    ...(parts.replyTo ? { replyTo: parts.replyTo } : {}),
    headers: {
      ...threadHeaders(parts.earlier),
      ...automaticMailHeaders(parts.unsubscribeUrl),
    },
  };
}
