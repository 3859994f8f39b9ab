import { useState } from 'react';
import { UsernameField } from '~/components/form/account-fields';
import { FormError, FormStatus } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useFormSubmit } from '~/components/form/use-form-submit';
import { collectErrors, usernameError } from '~/lib/account-validation';
import { useSessionActions } from '~/lib/session';
import { toast } from '~/lib/toast';
import { changeUsername } from '../api/change-username';

export const USERNAME_CHANGED_MESSAGE = 'Zmieniono nazwę użytkownika';

export function UsernameForm({ currentUsername }: { currentUsername: string }) {
  const [username, setUsername] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const { patchUser } = useSessionActions();
  const form = useFormSubmit<'username'>({
    errorScreen: 'profileUsername',
    validate: () => {
      // Every new try hides the last confirmation, valid or not.
      setStatus(null);
      return collectErrors({ username: usernameError(username) });
    },
    submit: async () => {
      const result = await changeUsername({ username: username.trim() });
      patchUser({ username: result.username });
      setUsername('');
      setStatus(USERNAME_CHANGED_MESSAGE);
      toast.success(USERNAME_CHANGED_MESSAGE);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-4"
      aria-labelledby="username-heading"
    >
      <h2 id="username-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Zmiana nazwy użytkownika
      </h2>
      <UsernameField
        label="Nowa nazwa użytkownika"
        placeholder={currentUsername}
        value={username}
        error={form.fieldErrors.username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <FormStatus message={status} />
      <FormError message={form.formError} />
      <PendingButton
        isPending={form.isPending}
        pendingLabel="Zapisywanie…"
        className={secondaryButtonClass}
      >
        Zmień nazwę
      </PendingButton>
    </form>
  );
}
