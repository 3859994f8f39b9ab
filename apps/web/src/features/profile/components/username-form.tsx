import { useState } from 'react';
import { toast } from 'sonner';
import { FormError, FormStatus } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { usernameError } from '~/lib/account-validation';
import { errorMessage } from '~/lib/error-messages';
import { useSessionActions } from '~/lib/session';
import { changeUsername } from '../api/change-username';

export const USERNAME_CHANGED_MESSAGE = 'Zmieniono nazwę użytkownika';

export function UsernameForm({ currentUsername }: { currentUsername: string }) {
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const { patchUser } = useSessionActions();
  const { isPending, run } = useGuardedAction();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = usernameError(username);
    setFieldError(error);
    setStatus(null);
    if (error) {
      setFormError(null);
      return;
    }
    void run(async () => {
      setFormError(null);
      try {
        const result = await changeUsername({ username: username.trim() });
        patchUser({ username: result.username });
        setUsername('');
        setStatus(USERNAME_CHANGED_MESSAGE);
        toast.success(USERNAME_CHANGED_MESSAGE);
      } catch (error) {
        setFormError(errorMessage('profileUsername', error));
      }
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="username-heading">
      <h2 id="username-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Zmiana nazwy użytkownika
      </h2>
      <TextField
        label="Nowa nazwa użytkownika"
        name="username"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        placeholder={currentUsername}
        value={username}
        error={fieldError}
        onChange={(e) => setUsername(e.target.value)}
      />
      <FormStatus message={status} />
      <FormError message={formError} />
      <PendingButton
        isPending={isPending}
        pendingLabel="Zapisywanie…"
        className={secondaryButtonClass}
      >
        Zmień nazwę
      </PendingButton>
    </form>
  );
}
