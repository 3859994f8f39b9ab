import type { MailMessage } from '../../mail/transport';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * To a guest (DESIGN.md §7.6): an account without a password cannot open
 * Kontakt, so the e-mail carries the staff replies themselves, and says how to
 * see the whole conversation (register with this address: the ticket stays).
 */
export function guestReplyMail(input: {
  to: string;
  replies: readonly string[];
  registerLink: string;
}): MailMessage {
  const subject = 'Odpowiedź na Twoją wiadomość do studia';
  const intro =
    input.replies.length === 1
      ? 'Nasz zespół odpowiedział na Twoją wiadomość:'
      : 'Nasz zespół odpowiedział na Twoją wiadomość. Oto odpowiedzi:';
  const outro =
    'Aby odpowiedzieć i widzieć całą rozmowę, załóż konto z tym samym adresem e-mail: zgłoszenie znajdziesz w zakładce Kontakt.';
  const notice = 'Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.';
  const quoted = input.replies.map((reply) => reply.replace(/^/gm, '> ')).join('\n\n');
  const blocks = input.replies
    .map(
      (reply) =>
        `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #2563eb;white-space:pre-wrap">${escapeHtml(reply)}</blockquote>`,
    )
    .join('');
  const link = escapeHtml(input.registerLink);
  return {
    to: input.to,
    subject,
    text: `${intro}\n\n${quoted}\n\n${outro}\n${input.registerLink}\n\n${notice}`,
    html: `<!doctype html><html lang="pl"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(subject)}</h1><p style="margin:0 0 16px">${escapeHtml(intro)}</p>${blocks}<p style="margin:0 0 16px">${escapeHtml(outro)}</p><p style="margin:24px 0"><a href="${link}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#fff;border-radius:8px;text-decoration:none">Załóż konto</a></p><p style="font-size:12px;color:#777">${escapeHtml(notice)}</p></body></html>`,
  };
}
