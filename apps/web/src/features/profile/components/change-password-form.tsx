import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NEW_PASSWORD_HINT, PasswordField } from '~/components/form/account-fields';
import { FormError, FormStatus } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useFormSubmit } from '~/components/form/use-form-submit';
import {
  collectErrors,
  newPasswordError,
  repeatPasswordError,
  requiredError,
} from '~/lib/account-validation';
import { toast } from '~/lib/toast';
import { changePassword } from '../api/change-password';
import { sessionsQueryKey } from '../api/sessions';

export const PASSWORD_CHANGED_MESSAGE = 'Hasło zostało zmienione. Pozostałe urządzenia wylogowano.';

/** „Zmień hasło”: the current password confirms it; every other browser is signed out. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const form = useFormSubmit<'current' | 'next' | 'repeat'>({
    errorScreen: 'profilePassword',
    focusFirstInvalid: true,
    validate: () => {
      setStatus(null);
      return collectErrors({
        current: requiredError(current),
        next: newPasswordError(next),
        repeat: repeatPasswordError(next, repeat),
      });
    },
    submit: async () => {
      await changePassword({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      setStatus(PASSWORD_CHANGED_MESSAGE);
      toast.success(PASSWORD_CHANGED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-4"
      aria-labelledby="change-password-heading"
    >
      <h2
        id="change-password-heading"
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        Zmień hasło
      </h2>
      <PasswordField
        label="Obecne hasło"
        name="current-password"
        value={current}
        error={form.fieldErrors.current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <PasswordField
        label="Nowe hasło"
        name="new-password"
        isNew
        hint={NEW_PASSWORD_HINT}
        value={next}
        error={form.fieldErrors.next}
        onChange={(e) => setNext(e.target.value)}
      />
      <PasswordField
        label="Powtórz nowe hasło"
        name="repeat-password"
        isNew
        value={repeat}
        error={form.fieldErrors.repeat}
        onChange={(e) => setRepeat(e.target.value)}
      />
      <FormStatus message={status} />
      <FormError message={form.formError} />
      <PendingButton
        isPending={form.isPending}
        pendingLabel="Zapisywanie…"
        className={secondaryButtonClass}
      >
        Zmień hasło
      </PendingButton>
    </form>
  );
}
