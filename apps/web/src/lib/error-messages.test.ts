import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { errorMessage, RATE_LIMITED_MESSAGE, WEAK_PASSWORD_MESSAGE } from './error-messages';

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
