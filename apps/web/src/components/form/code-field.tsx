import { CODE_LENGTH } from '@studio/shared/limits';
import type { Ref } from 'react';
import { TextField } from './text-field';

/** Keeps digits only, at most `CODE_LENGTH` of them (SPEC.md §5 "E-mail code"). */
export const sanitizeCode = (value: string) => value.replace(/\D/g, '').slice(0, CODE_LENGTH);

/**
 * The e-mailed code. `digitsOnly` enforces SPEC.md §5 for the e-mail
 * verification; the 2FA code field "has no format check", so there the input
 * is only trimmed by the server.
 */
export function CodeField({
  value,
  onChange,
  error,
  digitsOnly = false,
  label = 'Kod z e-maila',
  inputMode = 'numeric',
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  digitsOnly?: boolean;
  label?: string;
  /** 'text' for codes with letters (recovery codes), so phones show the full keyboard. */
  inputMode?: 'numeric' | 'text';
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextField
      label={label}
      name="code"
      type="text"
      inputMode={inputMode}
      autoComplete="one-time-code"
      required
      ref={ref}
      value={value}
      maxLength={digitsOnly ? CODE_LENGTH : 32}
      pattern={digitsOnly ? `\\d{${CODE_LENGTH}}` : undefined}
      hint={digitsOnly ? `${CODE_LENGTH} cyfr` : undefined}
      spellCheck={false}
      error={error}
      onChange={(event) =>
        onChange(digitsOnly ? sanitizeCode(event.target.value) : event.target.value)
      }
    />
  );
}
