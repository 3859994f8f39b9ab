import { escapeHtml } from '../lib/escape-html';
import type { MailMessage } from './transport';

/** Polish e-mails, plain text plus HTML (DESIGN.md §4). */

export function layout(
  title: string,
  paragraphs: string[],
  highlight?: { text: string; href?: string },
) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const block = highlight
    ? highlight.href
      ? `<p style="margin:24px 0"><a href="${escapeHtml(highlight.href)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(highlight.text)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(highlight.href)}</p>`
      : `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(highlight.text)}</p>`
    : '';
  return `<!doctype html><html lang="pl"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${block}<p style="font-size:12px;color:#777">Wiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.</p></body></html>`;
}

export const footer = '\n\nWiadomość wysłana automatycznie, prosimy na nią nie odpowiadać.';

export function codeMail(to: string, subject: string, intro: string, code: string): MailMessage {
  const outro = 'Kod jest ważny przez 10 minut. Jeśli to nie Ty, zignoruj tę wiadomość.';
  return {
    to,
    subject,
    // The code stands alone on its line so people and tests can pick it out.
    text: `${intro}\n\n${code}\n\n${outro}${footer}`,
    html: layout(subject, [intro, outro], { text: code }),
  };
}

export const mailTemplates = {
  registrationCode: (to: string, code: string) =>
    codeMail(to, 'Kod weryfikacyjny rejestracji', 'Twój kod potwierdzający adres e-mail to:', code),
  loginCode: (to: string, code: string) =>
    codeMail(to, 'Kod logowania', 'Twój kod do logowania (weryfikacja dwuetapowa) to:', code),
  mfaEnableCode: (to: string, code: string) =>
    codeMail(to, 'Włączenie weryfikacji dwuetapowej', 'Kod potwierdzający włączenie 2FA to:', code),
  mfaDisableCode: (to: string, code: string) =>
    codeMail(
      to,
      'Wyłączenie weryfikacji dwuetapowej',
      'Kod potwierdzający wyłączenie 2FA to:',
      code,
    ),
  accountDeleteCode: (to: string, code: string) =>
    codeMail(
      to,
      'Usunięcie konta',
      'Kod potwierdzający trwałe usunięcie konta wraz ze wszystkimi zgłoszeniami i plikami to:',
      code,
    ),
  passwordReset: (to: string, link: string): MailMessage => {
    const intro =
      'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta. Aby ustawić nowe hasło, otwórz link:';
    const outro =
      'Link jest ważny przez 1 godzinę i działa tylko raz. Po zmianie hasła wszystkie sesje zostaną wylogowane. Jeśli to nie Ty, zignoruj tę wiadomość.';
    return {
      to,
      subject: 'Reset hasła',
      text: `${intro}\n\n${link}\n\n${outro}${footer}`,
      html: layout('Reset hasła', [intro, outro], { text: 'Ustaw nowe hasło', href: link }),
    };
  },
  /** The link of an inquiry written without an account (DESIGN.md §7.6); it names no account. */
  inquiryConfirmation: (to: string, link: string): MailMessage => {
    const subject = 'Potwierdź wiadomość do studia';
    const intro =
      'Otrzymaliśmy wiadomość wysłaną formularzem kontaktowym z tym adresem e-mail. Aby przekazać ją zespołowi, otwórz link:';
    const outro =
      'Link jest ważny przez 24 godziny. Odpowiedzi przyjdą na ten adres e-mail. Jeśli to nie Ty, zignoruj tę wiadomość: bez potwierdzenia nic nie zostanie wysłane.';
    return {
      to,
      subject,
      text: `${intro}\n\n${link}\n\n${outro}${footer}`,
      html: layout(subject, [intro, outro], { text: 'Potwierdź i wyślij', href: link }),
    };
  },
  recoveryCodeUsed: (to: string, left: number): MailMessage => {
    const subject = 'Użyto kodu zapasowego';
    const paragraphs = [
      'Do Twojego konta zalogowano się przed chwilą kodem zapasowym. Każdy kod zapasowy działa tylko raz.',
      `Pozostałe kody zapasowe: ${left}. Nowe wygenerujesz w profilu, w sekcji „Aplikacja uwierzytelniająca”.`,
      'Jeśli to nie Ty, od razu zmień hasło i wygeneruj nowe kody zapasowe.',
    ];
    return {
      to,
      subject,
      text: `${paragraphs.join('\n\n')}${footer}`,
      html: layout(subject, paragraphs),
    };
  },
};
