import { SET_ASIDE_REASON_TEXT } from '@studio/shared/mailbox';
import { escapeHtml } from '../../lib/escape-html';
import type { OutboxEntry } from '../../mail/transport';

/**
 * What became of an answer, in Polish: the two kinds that are done with, and
 * for every kind that sets a mail aside the reason „Skrzynka” shows.
 */
const OUTCOMES: Record<string, string> = {
  stored: 'Odpowiedź trafiła do zgłoszenia.',
  duplicate: 'Ta wiadomość była już przetworzona.',
  bounce: 'Raport o niedoręczeniu: adres oznaczony jako nieprzyjmujący wiadomości.',
  ...Object.fromEntries(
    Object.entries(SET_ASIDE_REASON_TEXT).map(([kind, text]) => [
      kind,
      `Odłożona do Skrzynki: ${text.charAt(0).toLowerCase()}${text.slice(1)}.`,
    ]),
  ),
};

function entryHtml(m: OutboxEntry): string {
  const id = escapeHtml(m.id);
  const html = m.html
    ? `<details><summary>Wersja HTML</summary><iframe sandbox title="Wersja HTML: ${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe></details>`
    : '';
  return `<article><h2>${escapeHtml(m.subject)}</h2><p>Do: ${escapeHtml(m.to)} · ${escapeHtml(m.date)}</p>${html}<pre>${escapeHtml(m.text)}</pre><form method="post" action="/dev/outbox/answer"><input type="hidden" name="id" value="${id}"><label for="from-${id}">Od</label><input id="from-${id}" name="from" type="email" value="${escapeHtml(m.to)}" required><label for="body-${id}">Treść odpowiedzi</label><textarea id="body-${id}" name="body" rows="3" required></textarea><button type="submit">Odpowiedz</button></form></article>`;
}

/** The dev outbox page: each mail in text and HTML, with an answer form. */
export function outboxPage(messages: OutboxEntry[], outcome: string | undefined): string {
  const status = outcome && OUTCOMES[outcome] ? `<p role="status">${OUTCOMES[outcome]}</p>` : '';
  const items = messages.map(entryHtml).join('');
  return `<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Skrzynka deweloperska</title><style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}iframe{width:100%;height:420px;border:1px solid #ddd}form{display:grid;gap:.25rem;margin-top:.5rem}</style></head><body><h1>Skrzynka deweloperska</h1><p>E-maile wysłane bez serwera SMTP (tylko w trybie deweloperskim). „Odpowiedz” przepuszcza odpowiedź przez ten sam kod co skrzynkę IMAP.</p>${status}${items || '<p>Brak wiadomości.</p>'}</body></html>`;
}
