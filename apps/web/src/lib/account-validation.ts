import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@studio/shared/limits';
import { EmailSchema, PasswordSchema, UsernameSchema } from '@studio/shared/schemas';
import { REQUIRED_MESSAGE } from './field-errors';

// The zod-free checks live in field-errors.ts (a form without zod checks loads
// no zod); the account forms keep importing them from here too.
export {
  collectErrors,
  type FieldErrors,
  hasErrors,
  REQUIRED_MESSAGE,
  requiredError,
} from './field-errors';

/**
 * Field checks of the account forms (login, registration, reset, profile),
 * built on the same zod schemas the server uses, with Polish messages. They
 * live in lib/ because both the auth and the profile features use them.
 * Each returns the message to show, or null when the value is fine.
 */

export const TERMS_MESSAGE = 'Musisz zaakceptować Regulamin';
export const PASSWORD_MIN_MESSAGE = `Hasło musi mieć co najmniej ${PASSWORD_MIN} znaków`;
export const PASSWORDS_DIFFER_MESSAGE = 'Hasła muszą być identyczne';

export function usernameError(value: string): string | null {
  if (!value.trim()) return REQUIRED_MESSAGE;
  const result = UsernameSchema.safeParse(value);
  if (result.success) return null;
  const trimmed = value.trim();
  if (trimmed.length < USERNAME_MIN || trimmed.length > USERNAME_MAX) {
    return `Nazwa użytkownika musi mieć od ${USERNAME_MIN} do ${USERNAME_MAX} znaków`;
  }
  const issue = result.error.issues[0]?.message;
  if (issue === 'username_domain') {
    return 'Nazwa użytkownika nie może wyglądać jak adres strony (np. „www.…” lub „….pl”)';
  }
  if (issue === 'username_mixed_scripts') {
    return 'Nazwa użytkownika nie może łączyć liter z różnych alfabetów';
  }
  return 'Nazwa użytkownika może zawierać tylko litery, cyfry oraz znaki _ . -';
}

export function emailError(value: string): string | null {
  if (!value.trim()) return REQUIRED_MESSAGE;
  return EmailSchema.safeParse(value).success ? null : 'Podaj poprawny adres email';
}

/** A password being chosen (registration, reset). Logging in only needs a non-empty one. */
export function newPasswordError(value: string): string | null {
  if (!value) return REQUIRED_MESSAGE;
  if (PasswordSchema.safeParse(value).success) return null;
  return value.length < PASSWORD_MIN
    ? PASSWORD_MIN_MESSAGE
    : `Hasło może mieć najwyżej ${PASSWORD_MAX} znaków`;
}

export function repeatPasswordError(password: string, repeated: string): string | null {
  if (!repeated) return REQUIRED_MESSAGE;
  return password === repeated ? null : PASSWORDS_DIFFER_MESSAGE;
}
