import { ACCEPTED_EXTENSIONS_LABEL } from '@studio/shared/file-types';
import { MAX_FILES_PER_MESSAGE } from '@studio/shared/limits';
import { waitInWords } from '@studio/shared/wait-in-words';
import { type ApiError, isApiError, isNetworkError } from './api-client';
import { isReauthCancelled } from './reauth';

/**
 * Every error code → Polish message mapping of the app lives here (SPEC.md §8,
 * STYLE.md "error codes map to Polish messages in one place"). Each screen
 * has its own table because the same code reads differently per screen
 * (e.g. `invalid_code` is 'Niepoprawny kod' at login but 'Nieprawidłowy lub
 * wygasły kod' when verifying the e-mail).
 */

/** Not in SPEC.md §8; the server refuses passwords from a list of common ones. */
export const WEAK_PASSWORD_MESSAGE = 'To hasło jest zbyt popularne. Wybierz inne.';
/** Not in SPEC.md §8; answers every 429 (too many codes, failed logins, reset requests). */
export const RATE_LIMITED_MESSAGE = 'Zbyt wiele prób. Spróbuj ponownie za chwilę.';

/**
 * Codes of the tickets API added with the 2026-11 hardening (docs/tickets.md);
 * the composer's sendErrorMessage below shows these.
 */
export const QUOTA_EXCEEDED_MESSAGE =
  'Przekroczono limit miejsca na załączniki. Wyślij wiadomość bez plików lub skontaktuj się z nami.';
export const TICKET_FULL_MESSAGE =
  'To zgłoszenie osiągnęło limit wiadomości. Utwórz nowe zgłoszenie, aby kontynuować.';
export const UPLOADS_BUSY_MESSAGE =
  'Serwer przyjmuje teraz zbyt wiele plików. Spróbuj ponownie za chwilę.';
export const TICKET_CODE_MESSAGES: Readonly<Record<string, string>> = {
  quota_exceeded: QUOTA_EXCEEDED_MESSAGE,
  ticket_full: TICKET_FULL_MESSAGE,
  service_unavailable: UPLOADS_BUSY_MESSAGE,
  // A ticket for a caller (DESIGN.md §7.9) is opened for customers only.
  staff_address:
    'Ten adres należy do członka zespołu — zgłoszenie można otworzyć tylko dla klienta.',
};

// — Kontakt: sending messages and the staff actions —

export const CLOSED_TICKET_MESSAGE = 'Ten ticket jest zamknięty. Nie możesz pisać wiadomości.';
export const FILE_TOO_LARGE_MESSAGE = 'Plik nie może być większy niż 8MB';
export const TOO_MANY_FILES_MESSAGE = `Możesz dołączyć maksymalnie ${MAX_FILES_PER_MESSAGE} plików do jednej wiadomości.`;
export const UNSUPPORTED_FILE_MESSAGE = `Nieobsługiwany typ pliku. Dozwolone: ${ACCEPTED_EXTENSIONS_LABEL}.`;
/** 415 with `details.reason: 'macro'` (docm, xlsm, pptm): the format is fine, the macros are not. */
export const MACRO_DOCUMENT_MESSAGE =
  'Dokumenty z makrami (DOCM, XLSM, PPTM) nie są przyjmowane. Zapisz plik jako DOCX, XLSX lub PPTX i dołącz go ponownie.';

/** „Spróbuj ponownie za 48 min.”: the server's Retry-After in words, or „za chwilę” without it. */
export function tryAgainLater(error: ApiError): string {
  const when = waitInWords(error.retryAfter ?? 0);
  // „za 2 godz.” already ends with its abbreviation's dot.
  return `Spróbuj ponownie ${when}${when.endsWith('.') ? '' : '.'}`;
}

function isMacroRefusal(error: ApiError): boolean {
  const details = error.details;
  return (
    typeof details === 'object' &&
    details !== null &&
    'reason' in details &&
    details.reason === 'macro'
  );
}

export const NETWORK_SEND_MESSAGE =
  'Brak połączenia z serwerem. Wiadomość nie została wysłana — spróbuj ponownie, nie zostanie zdublowana.';
export const RATE_LIMITED_SEND_MESSAGE =
  'Wysyłasz wiadomości zbyt szybko. Spróbuj ponownie za chwilę.';

export const SEND_FAILED_MESSAGE = 'Nie udało się wysłać wiadomości. Spróbuj ponownie.';

/** What the composer says when a send (new ticket or reply) fails. */
export function sendErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_SEND_MESSAGE;
  if (!isApiError(error)) return SEND_FAILED_MESSAGE;
  switch (error.code) {
    case 'ticket_closed':
      return CLOSED_TICKET_MESSAGE;
    case 'too_many_files':
      return TOO_MANY_FILES_MESSAGE;
    case 'file_too_large':
      return FILE_TOO_LARGE_MESSAGE;
    case 'unsupported_file_type':
    case 'unsupported_media_type':
      return isMacroRefusal(error) ? MACRO_DOCUMENT_MESSAGE : UNSUPPORTED_FILE_MESSAGE;
    case 'rate_limited':
      return error.retryAfter && error.retryAfter > 0
        ? `Wysyłasz wiadomości zbyt szybko. ${tryAgainLater(error)}`
        : RATE_LIMITED_SEND_MESSAGE;
    case 'not_found':
      return 'To zgłoszenie już nie istnieje.';
    case 'unauthorized':
      // The text stays as a draft of this user (lib/drafts.ts) and is back after signing in.
      return 'Twoja sesja wygasła — zaloguj się ponownie. Treść wiadomości zachowaliśmy.';
    case 'forbidden':
      return 'Nie masz uprawnień do pisania w tym zgłoszeniu.';
    case 'validation_failed':
      return 'Wiadomość jest nieprawidłowa (może jest za długa).';
    default: {
      // Codes other screens share (quota, a full ticket, a busy server) are worded in lib.
      const shared = TICKET_CODE_MESSAGES[error.code];
      if (shared) return shared;
      if (error.status === 413) return FILE_TOO_LARGE_MESSAGE;
      if (error.status === 429) return RATE_LIMITED_SEND_MESSAGE;
      return SEND_FAILED_MESSAGE;
    }
  }
}

/** Admin actions (close, reopen, delete) report failures in a toast. */
export function adminActionErrorMessage(
  action: 'close' | 'open' | 'delete',
  error: unknown,
): string {
  const base = {
    close: 'Nie udało się zamknąć zgłoszenia.',
    open: 'Nie udało się otworzyć zgłoszenia.',
    delete: 'Nie udało się usunąć zgłoszenia.',
  }[action];
  if (isNetworkError(error)) return `${base} Sprawdź połączenie z internetem.`;
  if (isApiError(error) && error.code === 'forbidden') return `${base} Brak uprawnień.`;
  if (isApiError(error) && error.code === 'not_found') return 'To zgłoszenie już nie istnieje.';
  return base;
}

/** „To nie ja” locked the password (DESIGN.md §7.7): login says what happened and what to do. */
export const PASSWORD_RESET_REQUIRED_MESSAGE =
  'Konto zostało zablokowane po zgłoszeniu „To nie ja”. Ustaw nowe hasło, aby się zalogować.';
/** The confirmation dialog was closed: said wherever the change was asked for. */
export const REAUTH_CANCELLED_MESSAGE =
  'Nie potwierdzono hasła, więc nic nie zostało zmienione. Spróbuj ponownie, gdy zechcesz.';
// Kept beside the session check (every page's shell shows it), listed here with the rest.
export { SESSION_EXPIRED_MESSAGE } from './session';

export type ErrorScreen =
  | 'login'
  | 'reauth'
  | 'reauthCode'
  | 'lockAccount'
  | 'resetSecondFactors'
  | 'loginMfa'
  | 'register'
  | 'verifyEmail'
  | 'verifyEmailResend'
  | 'profile'
  | 'profileUsername'
  | 'profilePasswordReset'
  | 'profileSessions'
  | 'profilePassword'
  | 'profileEmail'
  | 'profileEmailCode'
  | 'mfaChange'
  | 'mfaSend'
  | 'profileExport'
  | 'profileDeleteSend'
  | 'profileDelete'
  | 'resetPassword'
  | 'forgotPassword'
  | 'passkeySignIn'
  | 'passkeyProfile'
  | 'pushProfile'
  | 'inquiry'
  | 'inquiryConfirm'
  | 'mailboxList'
  | 'mailboxOpenTicket'
  | 'mailboxAttach'
  | 'mailboxTrash'
  | 'teamList'
  | 'teamGrant'
  | 'teamRevoke'
  | 'staffNotifications';

interface ScreenMessages {
  /** Messages for specific codes. */
  codes?: Partial<Record<string, string>>;
  /** Which HTTP status maps to a message regardless of the code (SPEC: "status 409 or duplicate"). */
  statuses?: Partial<Record<number, string>>;
  /** Shown when the request never got an answer; defaults to `fallback`. */
  network?: string;
  /** "Anything else gives …" */
  fallback: string;
}

// — „Skrzynka”: the mails set aside in the support mailbox (issue 29) —

/** 404 on any action: the mail left the folder (another admin handled it, or someone did in a mail program). */
export const MAIL_GONE_MESSAGE =
  'Tego maila nie ma już w Skrzynce — ktoś mógł się nim już zająć. Lista została odświeżona.';
/** 503: the server could not reach the support mailbox (IMAP), so nothing changed. */
export const MAILBOX_UNREACHABLE_MESSAGE =
  'Skrzynka pocztowa jest teraz nieosiągalna, więc nic nie zostało zmienione. Spróbuj ponownie za chwilę.';
const MAILBOX_NETWORK_MESSAGE = 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.';
const MAILBOX_FORBIDDEN_MESSAGE = 'Tylko administrator może zajmować się Skrzynką.';

/** „Zespół”: a staff member whose own rights were taken away meanwhile. */
const TEAM_FORBIDDEN_MESSAGE = 'Tylko osoby z uprawnieniami zespołu mogą zarządzać zespołem.';

/** The codes every action on a mail answers the same way. */
const MAILBOX_ACTION_CODES = {
  not_found: MAIL_GONE_MESSAGE,
  service_unavailable: MAILBOX_UNREACHABLE_MESSAGE,
  forbidden: MAILBOX_FORBIDDEN_MESSAGE,
};

const COMMON_CODES = {
  weak_password: WEAK_PASSWORD_MESSAGE,
  rate_limited: RATE_LIMITED_MESSAGE,
};

export const SCREEN_MESSAGES: Record<ErrorScreen, ScreenMessages> = {
  login: {
    codes: {
      invalid_credentials: 'Niepoprawny email lub hasło',
      missing_credentials: 'Brak nazwy użytkownika lub hasła',
      password_reset_required: PASSWORD_RESET_REQUIRED_MESSAGE,
    },
    network: 'Błąd sieci',
    fallback: 'Błąd logowania',
  },
  /** „Potwierdź hasło” before adding or removing a way to sign in (DESIGN.md §7.7). */
  reauth: {
    codes: {
      invalid_credentials: 'Niepoprawne hasło. Spróbuj ponownie.',
      password_reset_required: PASSWORD_RESET_REQUIRED_MESSAGE,
      validation_failed: 'Wpisz swoje hasło.',
    },
    network: 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
    fallback: 'Nie udało się potwierdzić hasła. Spróbuj ponownie.',
  },
  /** The same confirmation for an account without a password: a code from the e-mail. */
  reauthCode: {
    codes: {
      invalid_code: 'Nieprawidłowy lub wygasły kod. Sprawdź e-mail albo wyślij nowy kod.',
      // The server mails codes only to accounts without a password (a guest of §7.6).
      forbidden: 'Twoje konto ma hasło, więc potwierdź zmianę hasłem.',
      email_failed: 'Nie udało się wysłać kodu. Spróbuj ponownie za chwilę.',
      validation_failed: 'Wpisz 6-cyfrowy kod z e-maila.',
    },
    network: 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
    fallback: 'Nie udało się potwierdzić kodu. Spróbuj ponownie.',
  },
  /** /security/lock: the „To nie ja” link of an account-change alert. */
  lockAccount: {
    codes: {
      invalid_token:
        'Ten link jest nieprawidłowy, został już użyty albo wygasł (działa 7 dni). Jeśli nadal coś Cię niepokoi, ustaw nowe hasło.',
      validation_failed: 'Ten link jest niepełny. Otwórz go ponownie z wiadomości e-mail.',
    },
    network: 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
    fallback: 'Nie udało się zablokować konta. Spróbuj ponownie.',
  },
  /** „Resetuj drugi składnik” in the staff customer panel. */
  resetSecondFactors: {
    codes: {
      validation_failed: 'Wpisana nazwa lub adres e-mail nie pasuje do tego klienta.',
      forbidden: 'Tylko administrator może zresetować drugi składnik.',
      not_found: 'To konto już nie istnieje.',
    },
    network: 'Nie udało się zresetować drugiego składnika. Sprawdź połączenie z internetem.',
    fallback: 'Nie udało się zresetować drugiego składnika. Spróbuj ponownie.',
  },
  loginMfa: {
    codes: { invalid_code: 'Niepoprawny kod' },
    network: 'Błąd sieci',
    fallback: 'Błąd weryfikacji',
  },
  register: {
    codes: {
      duplicate: 'Email lub nazwa użytkownika zajęte',
      email_failed: 'Błąd wysyłania emaila',
    },
    statuses: { 409: 'Email lub nazwa użytkownika zajęte' },
    network: 'Błąd sieci',
    fallback: 'Błąd rejestracji',
  },
  verifyEmail: {
    codes: {
      invalid_code: 'Nieprawidłowy lub wygasły kod',
      duplicate: 'Email lub nazwa użytkownika zajęte',
    },
    network: 'Błąd sieci',
    fallback: 'Błąd weryfikacji',
  },
  verifyEmailResend: { fallback: 'Nie udało się wysłać nowego kodu' },
  /** Other profile actions (logout): SPEC.md §8 Profile says 'Błąd'. */
  profile: { fallback: 'Błąd' },
  profileUsername: {
    codes: { username_taken: 'Ta nazwa jest już zajęta' },
    fallback: 'Błąd',
  },
  profilePasswordReset: { fallback: 'Błąd wysyłki' },
  /** „Zalogowane urządzenia”: the list and „Wyloguj”. */
  profileSessions: {
    codes: { not_found: 'To urządzenie jest już wylogowane' },
    network: 'Błąd sieci',
    fallback: 'Nie udało się wczytać lub wylogować urządzeń',
  },
  /** „Zmień hasło”: the current password confirms it. */
  profilePassword: {
    codes: { invalid_credentials: 'Niepoprawne obecne hasło' },
    network: 'Błąd sieci',
    fallback: 'Nie udało się zmienić hasła',
  },
  /** „Zmień adres e-mail”, step 1: the password and the code e-mail. */
  profileEmail: {
    codes: {
      invalid_credentials: 'Niepoprawne hasło',
      email_failed: 'Nie udało się wysłać kodu',
    },
    network: 'Błąd sieci',
    fallback: 'Nie udało się wysłać kodu',
  },
  /** „Zmień adres e-mail”, step 2: the code from the new mailbox. */
  profileEmailCode: {
    codes: {
      invalid_code: 'Nieprawidłowy lub wygasły kod',
      duplicate: 'Ten adres e-mail jest już zajęty',
    },
    network: 'Błąd sieci',
    fallback: 'Nie udało się zmienić adresu e-mail',
  },
  mfaChange: { codes: { invalid_code: 'Niepoprawny kod' }, fallback: 'Błąd' },
  mfaSend: { fallback: 'Nie udało się wysłać kodu' },
  /** 'Pobierz moje dane' (docs/decisions/006): confirmed with the password; 5 tries an hour. */
  profileExport: {
    codes: {
      invalid_credentials: 'Niepoprawne hasło',
      export_too_large: 'Danych jest za dużo na jeden plik. Napisz do nas, przygotujemy eksport.',
    },
    network: 'Błąd sieci',
    fallback: 'Nie udało się pobrać danych',
  },
  /** 'Usuń konto', step 1: the code e-mail. */
  profileDeleteSend: {
    codes: { email_failed: 'Nie udało się wysłać kodu' },
    network: 'Błąd sieci',
    fallback: 'Nie udało się wysłać kodu',
  },
  /** 'Usuń konto', step 2: the code confirms the deletion. */
  profileDelete: {
    codes: { invalid_code: 'Niepoprawny kod' },
    network: 'Błąd sieci',
    fallback: 'Nie udało się usunąć konta',
  },
  /** „Napisz do nas bez konta” (DESIGN.md §7.6). */
  inquiry: {
    codes: {
      validation_failed: 'Sprawdź pola formularza i spróbuj ponownie.',
      email_failed: 'Nie udało się wysłać e-maila z linkiem. Spróbuj ponownie za chwilę.',
    },
    network: 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
    fallback: 'Nie udało się wysłać wiadomości. Spróbuj ponownie.',
  },
  /** /contact/confirm: the e-mailed link of an inquiry. */
  inquiryConfirm: {
    codes: {
      invalid_token:
        'Ten link jest nieprawidłowy lub wygasł (działa 24 godziny). Napisz do nas ponownie.',
      validation_failed: 'Ten link jest niepełny. Otwórz go ponownie z wiadomości e-mail.',
    },
    network: 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
    fallback: 'Nie udało się potwierdzić wiadomości. Spróbuj ponownie.',
  },
  /** „Skrzynka” (/contact/mailbox): reading the list of mails set aside. */
  mailboxList: {
    codes: {
      service_unavailable:
        'Nie udało się połączyć ze skrzynką pocztową zespołu. Spróbuj ponownie za chwilę.',
      forbidden: MAILBOX_FORBIDDEN_MESSAGE,
    },
    statuses: {
      503: 'Nie udało się połączyć ze skrzynką pocztową zespołu. Spróbuj ponownie za chwilę.',
    },
    network: MAILBOX_NETWORK_MESSAGE,
    fallback: 'Nie udało się wczytać Skrzynki. Spróbuj ponownie.',
  },
  /** „Otwórz zgłoszenie”: a new ticket for the mail's sender. */
  mailboxOpenTicket: {
    codes: {
      ...MAILBOX_ACTION_CODES,
      // A staff member's mail never acts as staff (DESIGN.md §7.1): it can only join a ticket.
      staff_address:
        'Ten mail przyszedł z adresu członka zespołu, więc nie można otworzyć zgłoszenia w jego imieniu. Dołącz go do istniejącego zgłoszenia.',
      // No sender, or a mail too big or too broken to read (details.reason: unreadable).
      validation_failed:
        'Z tego maila nie da się utworzyć zgłoszenia: nie ma adresu nadawcy albo jest za duży lub uszkodzony, by go odczytać. Otwórz go w programie pocztowym.',
    },
    statuses: { 404: MAIL_GONE_MESSAGE, 503: MAILBOX_UNREACHABLE_MESSAGE },
    network: MAILBOX_NETWORK_MESSAGE,
    fallback: 'Nie udało się otworzyć zgłoszenia z tego maila. Spróbuj ponownie.',
  },
  /** „Dołącz do zgłoszenia”: the mail becomes a message of the chosen ticket. */
  mailboxAttach: {
    codes: {
      ...MAILBOX_ACTION_CODES,
      // One code for both: the mail left the folder, or the chosen ticket was deleted.
      not_found:
        'Tego maila nie ma już w Skrzynce albo wybrane zgłoszenie zostało usunięte. Lista została odświeżona.',
      ticket_closed:
        'To zgłoszenie jest zamknięte i nie przyjmie maila. Wybierz otwarte zgłoszenie.',
      ticket_full: 'To zgłoszenie osiągnęło limit wiadomości. Wybierz inne zgłoszenie.',
      quota_exceeded: 'Załączniki tego maila przekraczają limit miejsca tego klienta.',
      // The picker always sends a ticket: what is left is a mail too big or too broken to read.
      validation_failed:
        'Tego maila nie da się dołączyć: jest za duży lub uszkodzony, by go odczytać. Otwórz go w programie pocztowym.',
    },
    statuses: { 503: MAILBOX_UNREACHABLE_MESSAGE },
    network: MAILBOX_NETWORK_MESSAGE,
    fallback: 'Nie udało się dołączyć maila do zgłoszenia. Spróbuj ponownie.',
  },
  /** „Do kosza”: the mail moves to the mailbox's trash. */
  mailboxTrash: {
    codes: MAILBOX_ACTION_CODES,
    statuses: { 404: MAIL_GONE_MESSAGE, 503: MAILBOX_UNREACHABLE_MESSAGE },
    network: MAILBOX_NETWORK_MESSAGE,
    fallback: 'Nie udało się przenieść maila do kosza. Spróbuj ponownie.',
  },
  /** „Zespół” (issue 31): the staff list, granting and taking away staff rights. */
  teamList: {
    codes: { forbidden: TEAM_FORBIDDEN_MESSAGE },
    network: 'Nie udało się wczytać zespołu. Sprawdź połączenie z internetem.',
    fallback: 'Nie udało się wczytać zespołu. Spróbuj ponownie.',
  },
  teamGrant: {
    codes: {
      account_not_found:
        'Nie ma konta z tym adresem e-mail. Poproś tę osobę, by najpierw założyła konto, i spróbuj ponownie.',
      already_staff: 'Ta osoba już należy do zespołu.',
      validation_failed: 'Wpisz poprawny adres e-mail, np. ania@example.com.',
      forbidden: TEAM_FORBIDDEN_MESSAGE,
    },
    network: 'Nie udało się dodać osoby. Sprawdź połączenie z internetem.',
    fallback: 'Nie udało się dodać osoby. Spróbuj ponownie.',
  },
  teamRevoke: {
    codes: {
      cannot_revoke_self: 'Nie możesz odebrać uprawnień sobie. Poproś o to inną osobę z zespołu.',
      last_admin: 'To ostatnia osoba z uprawnieniami — zespół musi mieć co najmniej jedną.',
      not_found: 'Ta osoba nie ma już uprawnień zespołu. Lista została odświeżona.',
      forbidden: TEAM_FORBIDDEN_MESSAGE,
    },
    network: 'Nie udało się odebrać uprawnień. Sprawdź połączenie z internetem.',
    fallback: 'Nie udało się odebrać uprawnień. Spróbuj ponownie.',
  },
  /** „Powiadomienia o zgłoszeniach” in the profile (staff). */
  staffNotifications: {
    network: 'Nie udało się zapisać ustawień. Sprawdź połączenie z internetem.',
    fallback: 'Nie udało się zapisać ustawień powiadomień. Spróbuj ponownie.',
  },
  resetPassword: {
    codes: { invalid_token: 'Link jest nieprawidłowy lub wygasł' },
    fallback: 'Wystąpił błąd',
  },
  forgotPassword: { fallback: 'Wystąpił błąd. Spróbuj ponownie.' },
  /** „Zaloguj się kluczem dostępu” and the passkey step of a 2FA sign-in. */
  passkeySignIn: {
    codes: {
      invalid_passkey: 'Nie udało się zalogować tym kluczem dostępu. Spróbuj ponownie.',
    },
    network: 'Błąd sieci',
    fallback: 'Błąd logowania',
  },
  /** „Klucze dostępu” in the profile. */
  passkeyProfile: {
    codes: {
      invalid_passkey: 'Nie udało się dodać klucza dostępu. Spróbuj ponownie.',
      too_many_passkeys: 'Masz już 20 kluczy dostępu. Usuń jeden, aby dodać nowy.',
      duplicate: 'Ten klucz dostępu jest już dodany do Twojego konta.',
      not_found: 'Ten klucz dostępu został już usunięty.',
    },
    network: 'Błąd sieci',
    fallback: 'Błąd',
  },
  /** „Powiadomienia na tym urządzeniu” in the profile (issue 33). */
  pushProfile: {
    codes: {
      not_found: 'Powiadomienia są już wyłączone na tym urządzeniu. Lista została odświeżona.',
      // PUSH_SUBSCRIPTIONS_MAX of @studio/shared/push, written out: importing it would bring zod
      // into every page that maps an error (push-section.test.tsx checks the two agree).
      too_many_push_devices:
        'Powiadomienia są już włączone na 10 urządzeniach. Wyłącz je na jednym z nich, aby dodać to.',
      push_endpoint_refused:
        'Serwer nie przyjął usługi powiadomień tej przeglądarki. Spróbuj w innej przeglądarce.',
    },
    statuses: {
      503: 'Powiadomienia są teraz niedostępne na serwerze. Spróbuj ponownie później.',
    },
    network: 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
    fallback: 'Nie udało się. Spróbuj ponownie.',
  },
};

/**
 * What the browser's own push refusals mean. AbortError is the push service
 * (Google's, Mozilla's, Apple's) not answering the browser.
 */
const PUSH_BROWSER_MESSAGES: Readonly<Record<string, string>> = {
  AbortError:
    'Przeglądarka nie połączyła się ze swoją usługą powiadomień. Sprawdź internet i spróbuj ponownie.',
  NotSupportedError: 'Ta przeglądarka nie obsługuje powiadomień push.',
  InvalidStateError:
    'Przeglądarka nie mogła włączyć powiadomień. Odśwież stronę i spróbuj ponownie.',
};

/** A failed push step in the profile: the server's answer, or the browser's refusal. */
export function pushErrorMessage(error: unknown): string {
  if (isApiError(error) || isNetworkError(error)) return errorMessage('pushProfile', error);
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : null;
  if (typeof name === 'string' && PUSH_BROWSER_MESSAGES[name]) return PUSH_BROWSER_MESSAGES[name];
  return SCREEN_MESSAGES.pushProfile.fallback;
}

/**
 * What the browser's own WebAuthn refusals mean to the user. NotAllowedError
 * covers both a cancelled prompt and one left until it timed out: the
 * browser deliberately does not tell them apart.
 */
const PASSKEY_BROWSER_MESSAGES: Readonly<Record<string, string>> = {
  NotAllowedError: 'Anulowano albo minął czas na potwierdzenie klucza dostępu. Spróbuj ponownie.',
  AbortError: 'Anulowano użycie klucza dostępu.',
  InvalidStateError: 'Ten klucz dostępu jest już dodany do Twojego konta.',
  SecurityError: 'Klucze dostępu nie działają pod tym adresem strony.',
  NotSupportedError: 'To urządzenie nie obsługuje kluczy dostępu.',
};

/** A failed passkey step: the browser's refusal, or the server's answer. */
export function passkeyErrorMessage(
  screen: 'passkeySignIn' | 'passkeyProfile',
  error: unknown,
): string {
  if (isApiError(error) || isNetworkError(error) || isReauthCancelled(error)) {
    return errorMessage(screen, error);
  }
  // A DOMException is not an Error in every engine; its name is what tells the cases apart.
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : null;
  if (typeof name === 'string') {
    return PASSKEY_BROWSER_MESSAGES[name] ?? SCREEN_MESSAGES[screen].fallback;
  }
  return errorMessage(screen, error);
}

/** The Polish message a screen shows for a failed call (an ApiError, a NetworkError or anything thrown). */
export function errorMessage(screen: ErrorScreen, error: unknown): string {
  const table = SCREEN_MESSAGES[screen];
  if (isReauthCancelled(error)) return REAUTH_CANCELLED_MESSAGE;
  if (isNetworkError(error)) return table.network ?? table.fallback;
  if (!isApiError(error)) return table.fallback;
  return messageForApiError(table, error);
}

function messageForApiError(table: ScreenMessages, error: ApiError): string {
  const byCode = table.codes?.[error.code];
  if (byCode) return byCode;
  if ((error.code === 'rate_limited' || error.status === 429) && error.retryAfter) {
    return `Zbyt wiele prób. ${tryAgainLater(error)}`;
  }
  const common = COMMON_CODES[error.code as keyof typeof COMMON_CODES];
  if (common) return common;
  if (error.status === 429) return RATE_LIMITED_MESSAGE;
  return table.statuses?.[error.status] ?? table.fallback;
}

/** What a staff workspace action reports when it fails (issue 17), in a toast or beside its form. */
export type StaffAction = 'assign' | 'rename' | 'saveReply' | 'deleteReply';

export function staffActionErrorMessage(action: StaffAction, error: unknown): string {
  const base = {
    assign: 'Nie udało się przypisać zgłoszenia.',
    rename: 'Nie udało się zmienić tematu.',
    saveReply: 'Nie udało się zapisać gotowej odpowiedzi.',
    deleteReply: 'Nie udało się usunąć gotowej odpowiedzi.',
  }[action];
  if (isNetworkError(error)) return `${base} Sprawdź połączenie z internetem.`;
  if (!isApiError(error)) return base;
  if (error.code === 'forbidden') return `${base} Brak uprawnień.`;
  if (error.code === 'not_found') {
    return action === 'assign' || action === 'rename'
      ? 'To zgłoszenie już nie istnieje.'
      : 'Ta gotowa odpowiedź już nie istnieje.';
  }
  if (error.code === 'validation_failed') {
    return action === 'rename'
      ? 'Temat musi mieć od 1 do 120 znaków.'
      : action === 'assign'
        ? 'Zgłoszenie można przypisać tylko administratorowi.'
        : 'Tytuł (do 120 znaków) i treść są wymagane.';
  }
  if (error.status === 429) return RATE_LIMITED_MESSAGE;
  return base;
}
