/**
 * The form checks that need no zod: a required field and the collection of a
 * form's messages. Apart from account-validation.ts (whose checks use the
 * shared zod schemas) so that a form without those checks, `/login`'s, does
 * not load and evaluate zod (25 KB gzip, its schemas built as the module runs:
 * ~60 ms of one task on a phone, issue 34).
 */

export const REQUIRED_MESSAGE = 'To pole jest wymagane';

export function requiredError(value: string): string | null {
  return value.trim() ? null : REQUIRED_MESSAGE;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Drops the fields without an error; an empty result means the form is valid. */
export function collectErrors<K extends string>(checks: Record<K, string | null>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(checks) as K[]) {
    const message = checks[key];
    if (message) errors[key] = message;
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
