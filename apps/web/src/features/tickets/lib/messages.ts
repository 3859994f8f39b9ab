/**
 * Polish texts of the Kontakt screen that several components share. Error
 * codes become Polish messages in `~/lib/error-messages` (one place for the app).
 */

export const NO_TICKETS_MESSAGE = 'Brak otwartych zgłoszeń.';
export const NO_MESSAGES_MESSAGE = 'Brak wiadomości.';
export const NEW_TICKET_LABEL = 'Nowe zgłoszenie';
export const DROP_OVERLAY_TITLE = 'Upuść zdjęcia tutaj';
export const DROP_OVERLAY_TYPES = '(PNG, JPG, JPEG, WEBP)';
export const DELETE_DIALOG_TITLE = 'Potwierdź usunięcie';
export const DELETE_DIALOG_TEXT =
  'Czy na pewno chcesz usunąć ten ticket? Ta operacja jest nieodwracalna.';

export const LIST_LOAD_ERROR = 'Nie udało się wczytać zgłoszeń.';
export const THREAD_LOAD_ERROR = 'Nie udało się wczytać wiadomości.';
export const OLDER_MESSAGES_LOADING = 'Wczytywanie starszych wiadomości…';
export const OLDER_MESSAGES_ERROR = 'Nie udało się wczytać starszych wiadomości.';
export const RETRY_LABEL = 'Spróbuj ponownie';
/** `?ticket=` named a ticket that is gone or not the reader's (the server answers 404 for both). */
export const LINKED_TICKET_MISSING =
  'Nie znaleziono zgłoszenia z linku — mogło zostać usunięte albo nie masz do niego dostępu.';
export const REPLIES_LOAD_ERROR = 'Nie udało się wczytać gotowych odpowiedzi.';

export function ticketStatusLabel(status: 'open' | 'closed'): string {
  return status === 'open' ? 'Otwarte' : 'Zamknięte';
}
