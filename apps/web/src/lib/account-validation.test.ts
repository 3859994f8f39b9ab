import { describe, expect, it } from 'vitest';
import {
  emailError,
  newPasswordError,
  PASSWORD_MIN_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
  REQUIRED_MESSAGE,
  repeatPasswordError,
  usernameError,
} from './account-validation';

describe('account form checks (SPEC.md §5)', () => {
  it('requires every field', () => {
    expect(usernameError('  ')).toBe(REQUIRED_MESSAGE);
    expect(emailError('')).toBe(REQUIRED_MESSAGE);
    expect(newPasswordError('')).toBe(REQUIRED_MESSAGE);
  });

  it('uses the shared username rules', () => {
    expect(usernameError('ab')).toBe('Nazwa użytkownika musi mieć od 3 do 24 znaków');
    expect(usernameError('a'.repeat(25))).toBe('Nazwa użytkownika musi mieć od 3 do 24 znaków');
    expect(usernameError('zła nazwa')).toBe(
      'Nazwa użytkownika może zawierać tylko litery, cyfry oraz znaki _ . -',
    );
    expect(usernameError('Łucja_99')).toBeNull();
  });

  it('checks the e-mail address', () => {
    expect(emailError('nie-email')).toBe('Podaj poprawny adres email');
    expect(emailError(' ala@example.com ')).toBeNull();
  });

  it('needs at least 6 characters and two equal entries for a new password', () => {
    expect(newPasswordError('12345')).toBe(PASSWORD_MIN_MESSAGE);
    expect(PASSWORD_MIN_MESSAGE).toBe('Hasło musi mieć co najmniej 6 znaków');
    expect(newPasswordError('123456')).toBeNull();
    expect(repeatPasswordError('abcdef', 'abcdeg')).toBe(PASSWORDS_DIFFER_MESSAGE);
    expect(PASSWORDS_DIFFER_MESSAGE).toBe('Hasła muszą być identyczne');
    expect(repeatPasswordError('abcdef', 'abcdef')).toBeNull();
  });
});
