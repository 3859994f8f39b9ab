import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import {
  errorMessage,
  MAIL_GONE_MESSAGE,
  MAILBOX_UNREACHABLE_MESSAGE,
  PASSWORD_RESET_REQUIRED_MESSAGE,
  passkeyErrorMessage,
  RATE_LIMITED_MESSAGE,
  REAUTH_CANCELLED_MESSAGE,
  WEAK_PASSWORD_MESSAGE,
} from './error-messages';
import { ReauthCancelledError } from './reauth';

const apiError = (status: number, code: string) =>
  new ApiError({ status, code: code as ApiError['code'] });

describe('errorMessage (SPEC.md §8)', () => {
  it('maps login errors', () => {
    expect(errorMessage('login', apiError(401, 'invalid_credentials'))).toBe(
      'Niepoprawny email lub hasło',
    );
    expect(errorMessage('login', apiError(400, 'missing_credentials'))).toBe(
      'Brak nazwy użytkownika lub hasła',
    );
    expect(errorMessage('login', apiError(500, 'internal'))).toBe('Błąd logowania');
    expect(errorMessage('login', new NetworkError())).toBe('Błąd sieci');
  });

  it('maps the 2FA step of login', () => {
    expect(errorMessage('loginMfa', apiError(400, 'invalid_code'))).toBe('Niepoprawny kod');
    expect(errorMessage('loginMfa', apiError(500, 'internal'))).toBe('Błąd weryfikacji');
  });

  it('maps registration errors, by status 409 too', () => {
    expect(errorMessage('register', apiError(409, 'duplicate'))).toBe(
      'Email lub nazwa użytkownika zajęte',
    );
    expect(errorMessage('register', apiError(409, 'something_else'))).toBe(
      'Email lub nazwa użytkownika zajęte',
    );
    expect(errorMessage('register', apiError(502, 'email_failed'))).toBe('Błąd wysyłania emaila');
    expect(errorMessage('register', apiError(400, 'validation_failed'))).toBe('Błąd rejestracji');
    expect(errorMessage('register', new NetworkError())).toBe('Błąd sieci');
    expect(errorMessage('register', apiError(400, 'weak_password'))).toBe(WEAK_PASSWORD_MESSAGE);
  });

  it('maps e-mail verification and its resend', () => {
    expect(errorMessage('verifyEmail', apiError(400, 'invalid_code'))).toBe(
      'Nieprawidłowy lub wygasły kod',
    );
    expect(errorMessage('verifyEmail', apiError(500, 'internal'))).toBe('Błąd weryfikacji');
    expect(errorMessage('verifyEmailResend', apiError(502, 'email_failed'))).toBe(
      'Nie udało się wysłać nowego kodu',
    );
  });

  it('maps profile, 2FA, reset and forgot-password errors', () => {
    expect(errorMessage('profileUsername', apiError(409, 'username_taken'))).toBe(
      'Ta nazwa jest już zajęta',
    );
    expect(errorMessage('profileUsername', apiError(400, 'validation_failed'))).toBe('Błąd');
    expect(errorMessage('profilePasswordReset', new NetworkError())).toBe('Błąd wysyłki');
    expect(errorMessage('mfaChange', apiError(400, 'invalid_code'))).toBe('Niepoprawny kod');
    expect(errorMessage('mfaChange', apiError(500, 'internal'))).toBe('Błąd');
    expect(errorMessage('mfaSend', apiError(502, 'email_failed'))).toBe(
      'Nie udało się wysłać kodu',
    );
    expect(errorMessage('resetPassword', apiError(400, 'invalid_token'))).toBe(
      'Link jest nieprawidłowy lub wygasł',
    );
    expect(errorMessage('resetPassword', apiError(500, 'internal'))).toBe('Wystąpił błąd');
    expect(errorMessage('forgotPassword', new NetworkError())).toBe(
      'Wystąpił błąd. Spróbuj ponownie.',
    );
  });

  it('answers throttling the same way everywhere', () => {
    expect(errorMessage('login', apiError(429, 'rate_limited'))).toBe(RATE_LIMITED_MESSAGE);
    expect(errorMessage('verifyEmailResend', apiError(429, 'rate_limited'))).toBe(
      RATE_LIMITED_MESSAGE,
    );
    expect(errorMessage('mfaChange', apiError(429, 'unknown'))).toBe(RATE_LIMITED_MESSAGE);
  });

  it('falls back for anything that is not an API or network error', () => {
    expect(errorMessage('login', new TypeError('boom'))).toBe('Błąd logowania');
  });
});

describe('account security in Polish (issue 28)', () => {
  it('login after „To nie ja” says what happened and what to do', () => {
    expect(errorMessage('login', apiError(403, 'password_reset_required'))).toBe(
      'Konto zostało zablokowane po zgłoszeniu „To nie ja”. Ustaw nowe hasło, aby się zalogować.',
    );
    expect(PASSWORD_RESET_REQUIRED_MESSAGE).toContain('Ustaw nowe hasło');
  });

  it('the password confirmation: a wrong password, too many tries with the wait, no network', () => {
    expect(errorMessage('reauth', apiError(400, 'invalid_credentials'))).toBe(
      'Niepoprawne hasło. Spróbuj ponownie.',
    );
    const throttled = new ApiError({ status: 429, code: 'rate_limited', retryAfter: 300 });
    expect(errorMessage('reauth', throttled)).toBe('Zbyt wiele prób. Spróbuj ponownie za 5 min.');
    expect(errorMessage('reauth', apiError(429, 'rate_limited'))).toBe(RATE_LIMITED_MESSAGE);
    expect(errorMessage('reauth', new NetworkError())).toBe(
      'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
    );
    expect(errorMessage('reauthCode', apiError(400, 'invalid_code'))).toBe(
      'Nieprawidłowy lub wygasły kod. Sprawdź e-mail albo wyślij nowy kod.',
    );
    expect(errorMessage('reauthCode', apiError(403, 'forbidden'))).toBe(
      'Twoje konto ma hasło, więc potwierdź zmianę hasłem.',
    );
  });

  it('a cancelled confirmation reads the same on every screen, passkeys included', () => {
    const cancelled = new ReauthCancelledError();
    expect(errorMessage('profile', cancelled)).toBe(REAUTH_CANCELLED_MESSAGE);
    expect(errorMessage('mfaChange', cancelled)).toBe(REAUTH_CANCELLED_MESSAGE);
    expect(passkeyErrorMessage('passkeyProfile', cancelled)).toBe(REAUTH_CANCELLED_MESSAGE);
    expect(REAUTH_CANCELLED_MESSAGE).toContain('nic nie zostało zmienione');
  });

  it('the „To nie ja” page: a used or expired link, a cut link', () => {
    expect(errorMessage('lockAccount', apiError(400, 'invalid_token'))).toMatch(
      /^Ten link jest nieprawidłowy, został już użyty albo wygasł/,
    );
    expect(errorMessage('lockAccount', apiError(400, 'validation_failed'))).toBe(
      'Ten link jest niepełny. Otwórz go ponownie z wiadomości e-mail.',
    );
  });

  it('the staff reset of second factors', () => {
    expect(errorMessage('resetSecondFactors', apiError(400, 'validation_failed'))).toBe(
      'Wpisana nazwa lub adres e-mail nie pasuje do tego klienta.',
    );
    expect(errorMessage('resetSecondFactors', apiError(500, 'internal'))).toBe(
      'Nie udało się zresetować drugiego składnika. Spróbuj ponownie.',
    );
  });

  it('„Skrzynka”: a mail gone, a staff address, a closed ticket, an unreachable mailbox, throttling, no network', () => {
    for (const screen of ['mailboxOpenTicket', 'mailboxTrash'] as const) {
      expect(errorMessage(screen, apiError(404, 'not_found'))).toBe(MAIL_GONE_MESSAGE);
      expect(errorMessage(screen, apiError(503, 'service_unavailable'))).toBe(
        MAILBOX_UNREACHABLE_MESSAGE,
      );
      expect(errorMessage(screen, apiError(502, 'unknown'))).toMatch(/^Nie udało się/);
    }
    expect(errorMessage('mailboxAttach', apiError(404, 'not_found'))).toMatch(
      /^Tego maila nie ma już w Skrzynce albo wybrane zgłoszenie zostało usunięte/,
    );
    expect(errorMessage('mailboxOpenTicket', apiError(409, 'staff_address'))).toBe(
      'Ten mail przyszedł z adresu członka zespołu, więc nie można otworzyć zgłoszenia w jego imieniu. Dołącz go do istniejącego zgłoszenia.',
    );
    expect(errorMessage('mailboxAttach', apiError(409, 'ticket_closed'))).toBe(
      'To zgłoszenie jest zamknięte i nie przyjmie maila. Wybierz otwarte zgłoszenie.',
    );
    expect(errorMessage('mailboxAttach', apiError(503, 'unknown'))).toBe(
      MAILBOX_UNREACHABLE_MESSAGE,
    );
    expect(errorMessage('mailboxTrash', apiError(429, 'rate_limited'))).toBe(RATE_LIMITED_MESSAGE);
    expect(
      errorMessage(
        'mailboxTrash',
        new ApiError({ status: 429, code: 'rate_limited', retryAfter: 30 }),
      ),
    ).toBe('Zbyt wiele prób. Spróbuj ponownie za 30 sekund.');
    expect(errorMessage('mailboxList', new NetworkError())).toBe(
      'Brak połączenia z serwerem. Sprawdź internet i spróbuj ponownie.',
    );
    expect(errorMessage('mailboxList', apiError(503, 'service_unavailable'))).toMatch(
      /^Nie udało się połączyć ze skrzynką pocztową zespołu/,
    );
  });
});
