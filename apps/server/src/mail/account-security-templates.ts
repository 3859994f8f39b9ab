import { codeMail, footer, layout } from './templates';
import type { MailMessage } from './transport';

/**
 * Polish security notices about the account itself (issue 19): they tell the
 * owner what changed, and where to look if it was not them.
 */

/** „25 listopada 2026 17:04”: the owner's local time, whatever the server's zone. */
export function warsawTime(at: Date): string {
  return new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'Europe/Warsaw',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(at);
}

function notice(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { text: string; href: string },
): MailMessage {
  const linkLine = link ? `\n\n${link.text}: ${link.href}` : '';
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}${linkLine}${footer}`,
    html: layout(subject, paragraphs, link),
  };
}

const SUBJECTS = {
  signInAlert: 'Nowe logowanie na Twoje konto',
  passwordChanged: 'Hasło zostało zmienione',
  emailChanged: 'Adres e-mail konta został zmieniony',
} as const;

/**
 * Notices sent in the background after the answer (`mail/send-notice.ts`): they
 * may land after a later e-mail to the same address, which test helpers that
 * read "the newest e-mail" must know.
 */
export const BACKGROUND_NOTICE_SUBJECTS: readonly string[] = Object.values(SUBJECTS);

const NOT_YOU =
  'Jeśli to nie Ty, natychmiast zresetuj hasło i wyloguj wszystkie pozostałe urządzenia w profilu.';

export const accountSecurityMails = {
  emailChangeCode: (to: string, code: string) =>
    codeMail(
      to,
      'Zmiana adresu e-mail',
      'Kod potwierdzający zmianę adresu e-mail konta na ten adres to:',
      code,
    ),

  /** To a taken address: the requester gets the same answer as for a free one (no hint). */
  emailChangeTaken: (to: string) =>
    notice(to, 'Próba zmiany adresu e-mail', [
      'Ktoś próbował przypisać ten adres e-mail do innego konta w naszym serwisie. Ten adres ma już konto, więc nic nie zostało zmienione.',
      'Jeśli to Ty, zaloguj się na konto, które już używa tego adresu. W przeciwnym razie zignoruj tę wiadomość.',
    ]),

  emailChanged: (to: string, input: { newEmail: string; at: Date; profileUrl: string }) =>
    notice(
      to,
      SUBJECTS.emailChanged,
      [
        `${warsawTime(input.at)} adres e-mail Twojego konta został zmieniony na ${input.newEmail}. Wiadomości z serwisu będą teraz trafiać na nowy adres.`,
        NOT_YOU,
      ],
      { text: 'Otwórz profil', href: input.profileUrl },
    ),

  passwordChanged: (to: string, input: { at: Date; profileUrl: string }) =>
    notice(
      to,
      SUBJECTS.passwordChanged,
      [
        `${warsawTime(input.at)} hasło do Twojego konta zostało zmienione. Pozostałe urządzenia zostały wylogowane.`,
        NOT_YOU,
      ],
      { text: 'Otwórz profil', href: input.profileUrl },
    ),

  signInAlert: (to: string, input: { at: Date; device: string; ip: string; sessionsUrl: string }) =>
    notice(
      to,
      SUBJECTS.signInAlert,
      [
        'Zalogowano się na Twoje konto z przeglądarki, której wcześniej nie używano do tego konta.',
        `Kiedy: ${warsawTime(input.at)}`,
        `Przeglądarka: ${input.device || 'nieznana'}`,
        `Adres IP: ${input.ip}`,
        `Jeśli to Ty, nic nie musisz robić. ${NOT_YOU}`,
      ],
      { text: 'Zobacz zalogowane urządzenia', href: input.sessionsUrl },
    ),
};
