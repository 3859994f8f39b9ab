import { countOf, plural } from '@studio/shared/plural';
import { escapeHtml } from '../../lib/escape-html';
import type { MailMessage } from '../../mail/transport';
import { unlinkedName } from './mail';
import { automaticMailHeaders } from './unsubscribe-token';

export interface DigestTicket {
  id: number;
  number: number;
  subject: string;
  customer: string;
}

const outro =
  'Co dostajesz o nowych zgłoszeniach (każde osobno, zbiorczo albo nic), ustawisz w profilu, w części „Powiadomienia o zgłoszeniach”. Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać. E-maile o nowych zgłoszeniach wyłączysz też jednym kliknięciem:';

/** „3 nowe zgłoszenia”, „1 nowe zgłoszenie”, „5 nowych zgłoszeń”. */
export function newTicketsPl(n: number): string {
  return countOf(n, { one: 'nowe zgłoszenie', few: 'nowe zgłoszenia', many: 'nowych zgłoszeń' });
}

/**
 * The grouped mail to a staff member (issue 31): one line per ticket —
 * „#1042 · Temat · klient” — each with its link, oldest first. Like ticket
 * e-mails it carries `Auto-Submitted` and a one-click unsubscribe (RFC 8058),
 * whose signed link turns this person's new-ticket mails off.
 */
export function composeStaffDigest(input: {
  to: string;
  publicUrl: string;
  unsubscribeUrl: string;
  tickets: DigestTicket[];
}): MailMessage {
  const subject = `Kontakt: ${newTicketsPl(input.tickets.length)}`;
  const n = input.tickets.length;
  const came = plural(n, { one: 'przyszło', few: 'przyszły', many: 'przyszło' });
  const intro = `W ostatnich minutach ${came} ${newTicketsPl(n)}:`;
  const lines = input.tickets.map((t) => {
    const link = `${input.publicUrl}/contact?ticket=${t.id}`;
    const text = `#${t.number} · ${t.subject} · ${unlinkedName(t.customer)}`;
    return { link, text };
  });
  const items = lines
    .map(
      (l) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(l.link)}" style="color:#2563eb">${escapeHtml(l.text)}</a></li>`,
    )
    .join('');
  const html = `<!doctype html><html lang="pl"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(subject)}</h1><p style="margin:0 0 16px">${escapeHtml(intro)}</p><ul style="padding-left:20px;margin:0 0 16px">${items}</ul><p style="font-size:12px;color:#777">${escapeHtml(outro)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#2563eb">wyłącz e-maile o nowych zgłoszeniach</a>.</p></body></html>`;
  const text = `${intro}\n\n${lines.map((l) => `${l.text}\n${l.link}`).join('\n\n')}\n\n${outro}\n${input.unsubscribeUrl}`;
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: automaticMailHeaders(input.unsubscribeUrl),
  };
}
