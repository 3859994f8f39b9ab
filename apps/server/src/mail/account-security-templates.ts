import type { AccountChange } from '@studio/shared/account-lock';
import { STAFF_RIGHTS_SUBJECTS } from './staff-rights-templates';
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

/** The subject of each account-change alert (DESIGN.md §7.7). */
export const ACCOUNT_CHANGE_SUBJECTS: Record<AccountChange, string> = {
  password_changed: 'Hasło zostało zmienione',
  email_changed: 'Adres e-mail konta został zmieniony',
  passkey_added: 'Dodano klucz dostępu',
  passkey_removed: 'Usunięto klucz dostępu',
  totp_enabled: 'Włączono aplikację uwierzytelniającą',
  totp_disabled: 'Wyłączono aplikację uwierzytelniającą',
  recovery_codes_regenerated: 'Wygenerowano nowe kody odzyskiwania',
  email_codes_enabled: 'Włączono kody logowania e-mailem',
  email_codes_disabled: 'Wyłączono kody logowania e-mailem',
  second_factors_reset: 'Zabezpieczenia logowania zostały zresetowane',
};

const SUBJECTS = {
  signInAlert: 'Nowe logowanie na Twoje konto',
  ...ACCOUNT_CHANGE_SUBJECTS,
} as const;

/**
 * Notices sent in the background after the answer (`mail/send-notice.ts`): they
 * may land after a later e-mail to the same address, which test helpers that
 * read "the newest e-mail" must know.
 */
export const BACKGROUND_NOTICE_SUBJECTS: readonly string[] = [
  ...Object.values(SUBJECTS),
  ...Object.values(STAFF_RIGHTS_SUBJECTS),
];

const NOT_YOU =
  'Jeśli to nie Ty, natychmiast zresetuj hasło i wyloguj wszystkie pozostałe urządzenia w profilu.';

/** What happened, in one sentence. */
function changeSentence(change: AccountChange, input: ChangeAlertInput): string {
  switch (change) {
    case 'password_changed':
      return input.byReset
        ? 'Hasło do Twojego konta zostało ustawione na nowo przez link z e-maila. Wszystkie urządzenia zostały wylogowane.'
        : 'Hasło do Twojego konta zostało zmienione. Pozostałe urządzenia zostały wylogowane.';
    case 'email_changed':
      return `Adres e-mail Twojego konta został zmieniony na ${input.newEmail ?? 'nowy adres'}. Wiadomości z serwisu będą teraz trafiać na nowy adres.`;
    case 'passkey_added':
      return `Do Twojego konta dodano klucz dostępu${input.passkeyName ? ` „${input.passkeyName}”` : ''}. Można nim zalogować się bez hasła.`;
    case 'passkey_removed':
      return `Z Twojego konta usunięto klucz dostępu${input.passkeyName ? ` „${input.passkeyName}”` : ''}.`;
    case 'totp_enabled':
      return 'Na Twoim koncie włączono aplikację uwierzytelniającą: logowanie wymaga teraz kodu z tej aplikacji.';
    case 'totp_disabled':
      return 'Na Twoim koncie wyłączono aplikację uwierzytelniającą.';
    case 'recovery_codes_regenerated':
      return 'Dla Twojego konta wygenerowano nowe kody odzyskiwania; poprzednie przestały działać.';
    case 'email_codes_enabled':
      return 'Na Twoim koncie włączono weryfikację dwuetapową kodem wysyłanym e-mailem.';
    case 'email_codes_disabled':
      return 'Na Twoim koncie wyłączono weryfikację dwuetapową kodem wysyłanym e-mailem.';
    case 'second_factors_reset':
      return 'Administrator serwisu wyłączył drugi etap logowania: kody e-mailem, aplikację uwierzytelniającą, kody odzyskiwania i klucze dostępu. Wszystkie urządzenia zostały wylogowane.';
  }
}

/** What „To nie ja” undoes beyond every session, recent passkeys and app, and the password. */
function lockPromise(change: AccountChange): string {
  switch (change) {
    case 'recovery_codes_regenerated':
      return ' wyłączymy aplikację uwierzytelniającą i jej kody odzyskiwania,';
    case 'email_changed':
      return ' przywrócimy ten adres e-mail,';
    default:
      return '';
  }
}

export interface ChangeAlertInput {
  at: Date;
  /** A readable browser name (lib/device-name.ts); empty when not recognised. */
  device: string;
  ip: string;
  /** `$PUBLIC_URL/profile`. */
  profileUrl: string;
  /** `$PUBLIC_URL/security/lock?token=…`; none for a change staff made. */
  lockUrl?: string;
  newEmail?: string;
  passkeyName?: string;
  /** A password set through the reset link rather than in the profile. */
  byReset?: boolean;
}

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

  /**
   * An account-change alert (DESIGN.md §7.7): what changed, when, from which
   * browser and address, and „To nie ja”. Sent to the account's address (for
   * an e-mail change, the old one) at once.
   */
  accountChanged: (to: string, change: AccountChange, input: ChangeAlertInput) =>
    notice(
      to,
      ACCOUNT_CHANGE_SUBJECTS[change],
      [
        changeSentence(change, input),
        `Kiedy: ${warsawTime(input.at)}`,
        // A change staff made names no browser nor address: they would be the staff member's.
        ...(change === 'second_factors_reset'
          ? []
          : [`Przeglądarka: ${input.device || 'nieznana'}`, `Adres IP: ${input.ip}`]),
        input.lockUrl
          ? `Jeśli to Ty, nic nie musisz robić. Jeśli to nie Ty, kliknij „To nie ja”: wylogujemy wszystkie urządzenia, usuniemy klucze dostępu i aplikację uwierzytelniającą dodane w ostatnich 7 dniach,${lockPromise(change)} a logowanie hasłem zablokujemy do czasu ustawienia nowego hasła linkiem z e-maila. Link jest ważny 7 dni.`
          : 'Jeśli to nie była Twoja prośba, ustaw nowe hasło przez „Nie pamiętasz hasła?” na stronie logowania i napisz do nas przez formularz kontaktowy.',
        `Zabezpieczenia konta i zalogowane urządzenia: ${input.profileUrl}`,
      ],
      input.lockUrl ? { text: 'To nie ja', href: input.lockUrl } : undefined,
    ),

  /** The code for a recent confirmation of an account without a password (DESIGN.md §7.7). */
  reauthCode: (to: string, code: string) =>
    codeMail(
      to,
      'Potwierdzenie tożsamości',
      'Kod potwierdzający, że to Ty zmieniasz sposób logowania do konta, to:',
      code,
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
