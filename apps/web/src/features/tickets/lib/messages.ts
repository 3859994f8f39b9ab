import { isApiError, isNetworkError } from '~/lib/api-client';
import { TICKET_CODE_MESSAGES } from '~/lib/error-messages';
import { countOf } from '~/lib/plural';
import {
  FILE_TOO_LARGE_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  UNSUPPORTED_FILE_MESSAGE,
} from './file-rules';

/**
 * Polish texts of the Kontakt screen that several components share, and the
 * one place where ticket error codes become Polish messages (STYLE.md "Ours").
 */

export const CLOSED_TICKET_MESSAGE = 'Ten ticket jest zamknięty. Nie możesz pisać wiadomości.';
export const NO_TICKETS_MESSAGE = 'Brak otwartych zgłoszeń.';
export const NO_MESSAGES_MESSAGE = 'Brak wiadomości.';
export const NEW_TICKET_LABEL = 'Nowe zgłoszenie';
export const DROP_OVERLAY_TITLE = 'Upuść zdjęcia tutaj';
export const DROP_OVERLAY_TYPES = '(PNG, JPG, JPEG, WEBP)';
export const DELETE_DIALOG_TITLE = 'Potwierdź usunięcie';
export const DELETE_DIALOG_TEXT =
  'Czy na pewno chcesz usunąć ten ticket? Ta operacja jest nieodwracalna.';

export const NETWORK_SEND_MESSAGE =
  'Brak połączenia z serwerem. Wiadomość nie została wysłana — spróbuj ponownie, nie zostanie zdublowana.';
export const RATE_LIMITED_SEND_MESSAGE =
  'Wysyłasz wiadomości zbyt szybko. Spróbuj ponownie za chwilę.';
const SECONDS = { one: 'sekundę', few: 'sekundy', many: 'sekund' };

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
      return UNSUPPORTED_FILE_MESSAGE;
    case 'rate_limited':
      return error.retryAfter && error.retryAfter > 0
        ? `Wysyłasz wiadomości zbyt szybko. Spróbuj ponownie za ${countOf(error.retryAfter, SECONDS)}.`
        : RATE_LIMITED_SEND_MESSAGE;
    case 'not_found':
      return 'To zgłoszenie już nie istnieje.';
    case 'unauthorized':
      return 'Sesja wygasła. Zaloguj się ponownie, aby wysłać wiadomość.';
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

export const LIST_LOAD_ERROR = 'Nie udało się wczytać zgłoszeń.';
export const THREAD_LOAD_ERROR = 'Nie udało się wczytać wiadomości.';
export const OLDER_MESSAGES_LOADING = 'Wczytywanie starszych wiadomości…';
export const OLDER_MESSAGES_ERROR = 'Nie udało się wczytać starszych wiadomości.';
export const RETRY_LABEL = 'Spróbuj ponownie';

export function ticketStatusLabel(status: 'open' | 'closed'): string {
  return status === 'open' ? 'Otwarte' : 'Zamknięte';
}
