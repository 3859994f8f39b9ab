import { isApiError, isNetworkError } from '~/lib/api-client';

const MESSAGES: Readonly<Record<string, string>> = {
  invalid_token:
    'Ten link do oceny jest nieprawidłowy — być może został zmieniony przy kopiowaniu. Otwórz go ponownie z wiadomości e-mail albo oceń zgłoszenie w zakładce Kontakt.',
  ticket_open: 'To zgłoszenie zostało ponownie otwarte. Ocenisz je, gdy znów je zamkniemy.',
  validation_failed: 'Sprawdź ocenę i komentarz (komentarz może mieć najwyżej 1000 znaków).',
  rate_limited: 'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
  not_found: 'Nie znaleźliśmy tego zgłoszenia.',
  forbidden: 'Tylko autor zgłoszenia może je ocenić.',
};

/** A Polish sentence for a rating that was not saved. */
export function ratingErrorMessage(error: unknown): string {
  if (isNetworkError(error))
    return 'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.';
  if (isApiError(error)) {
    return MESSAGES[error.code] ?? 'Nie udało się zapisać oceny. Spróbuj ponownie.';
  }
  return 'Nie udało się zapisać oceny. Spróbuj ponownie.';
}
