import { PASSWORD_MIN } from '@studio/shared/limits';
import type { ComponentProps } from 'react';
import { TextField } from './text-field';

/**
 * The account fields every auth and profile form asks for, with the input
 * attributes that make browsers and password managers fill them right. Any
 * prop (a different label or name, a placeholder) can still be given.
 */
type PresetProps = Omit<ComponentProps<typeof TextField>, 'label'> & { label?: string };

export const NEW_PASSWORD_HINT = `Co najmniej ${PASSWORD_MIN} znaków.`;

/** A login name: never auto-capitalised or spell-checked. Also the login identifier. */
export function UsernameField({ label = 'Nazwa użytkownika', ...input }: PresetProps) {
  return (
    <TextField
      label={label}
      name="username"
      type="text"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...input}
    />
  );
}

export function EmailField({ label = 'Email', ...input }: PresetProps) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      required
      {...input}
    />
  );
}

/** `isNew`: a password being chosen, so managers offer to generate and save one. */
export function PasswordField({
  label = 'Hasło',
  isNew = false,
  ...input
}: PresetProps & { isNew?: boolean }) {
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      {...input}
    />
  );
}
