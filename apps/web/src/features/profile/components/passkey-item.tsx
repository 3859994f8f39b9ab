import type { Passkey } from '@studio/shared/passkeys';
import { type FormEvent, useState } from 'react';
import { FormError } from '~/components/form/form-message';
import { dangerButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { passkeyErrorMessage } from '~/lib/error-messages';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';

const day = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'medium' });
const smallButton = '!min-h-10 !px-3 !py-1.5 !text-sm';

type Mode = 'view' | 'rename' | 'remove';

/** One passkey of „Klucze dostępu”: its name and dates, with rename and remove. */
export function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError('Podaj nazwę klucza');
      return;
    }
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => setMode('view'),
        onError: (cause) => setError(passkeyErrorMessage('passkeyProfile', cause)),
      },
    );
  };
  const onRemove = () => {
    setError(null);
    remove.mutate(
      { id: passkey.id },
      { onError: (cause) => setError(passkeyErrorMessage('passkeyProfile', cause)) },
    );
  };
  const cancel = () => {
    setMode('view');
    setName(passkey.name);
    setError(null);
  };

  return (
    <li className="space-y-3 rounded-lg border border-slate-900/10 p-4 dark:border-white/15">
      <div>
        <p className="break-words font-semibold text-slate-900 dark:text-white">{passkey.name}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Dodano {day.format(new Date(passkey.created_at))} ·{' '}
          {passkey.last_used_at
            ? `ostatnio użyty ${day.format(new Date(passkey.last_used_at))}`
            : 'jeszcze nieużywany'}
        </p>
      </div>
      {mode === 'rename' ? (
        <form onSubmit={onRename} className="space-y-3" aria-label={`Zmień nazwę: ${passkey.name}`}>
          <TextField
            label="Nowa nazwa klucza"
            name="passkeyName"
            value={name}
            maxLength={64}
            autoComplete="off"
            required
            onChange={(event) => setName(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <PendingButton
              isPending={rename.isPending}
              pendingLabel="Zapisywanie…"
              className={`${secondaryButtonClass} ${smallButton}`}
            >
              Zapisz
            </PendingButton>
            <button
              type="button"
              onClick={cancel}
              className={`${secondaryButtonClass} ${smallButton}`}
            >
              Anuluj
            </button>
          </div>
        </form>
      ) : mode === 'remove' ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-800 dark:text-slate-200">
            Usunąć ten klucz? Nie będzie można się nim zalogować.
          </p>
          <div className="flex flex-wrap gap-2">
            <PendingButton
              type="button"
              isPending={remove.isPending}
              pendingLabel="Usuwanie…"
              onClick={onRemove}
              className={`${dangerButtonClass} ${smallButton}`}
            >
              Usuń klucz
            </PendingButton>
            <button
              type="button"
              onClick={cancel}
              className={`${secondaryButtonClass} ${smallButton}`}
            >
              Anuluj
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => setMode('rename')}
            aria-label={`Zmień nazwę klucza ${passkey.name}`}
            className={`${secondaryButtonClass} ${smallButton}`}
          >
            Zmień nazwę
          </button>
          <button
            type="button"
            onClick={() => setMode('remove')}
            aria-label={`Usuń klucz ${passkey.name}`}
            className={`${dangerButtonClass} ${smallButton}`}
          >
            Usuń
          </button>
        </div>
      )}
      <FormError message={error} />
    </li>
  );
}
