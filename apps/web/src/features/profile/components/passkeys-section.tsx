import { type FormEvent, useState } from 'react';
import { FormError, FormStatus } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { passkeyErrorMessage } from '~/lib/error-messages';
import { browserSupportsWebAuthn, defaultPasskeyName } from '~/lib/passkeys';
import { useHydrated } from '~/lib/use-hydrated';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/list-passkeys';
import { PasskeyItem } from './passkey-item';

export const PASSKEY_ADDED_MESSAGE = 'Dodano klucz dostępu';

/** „Klucze dostępu” in the profile: the list, and adding one named by the user. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const isHydrated = useHydrated();
  const [name, setName] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canCreate = isHydrated && browserSupportsWebAuthn();
  // The default name comes from this browser, so it is known only once it runs here.
  const shownName = name ?? (isHydrated ? defaultPasskeyName(navigator.userAgent) : '');

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    setError(null);
    if (!shownName.trim()) {
      setError('Podaj nazwę klucza');
      return;
    }
    add.mutate(
      { name: shownName.trim() },
      {
        onSuccess: () => {
          setStatus(PASSKEY_ADDED_MESSAGE);
          setName(null);
        },
        onError: (cause) => setError(passkeyErrorMessage('passkeyProfile', cause)),
      },
    );
  };

  const list = passkeys.data?.passkeys ?? [];
  return (
    <div className="space-y-4" aria-busy={passkeys.isPending || undefined}>
      <h2 id="passkeys-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Klucze dostępu
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Klucz dostępu pozwala zalogować się odciskiem palca, skanem twarzy albo kodem PIN urządzenia
        — bez wpisywania hasła. Po zalogowaniu hasłem może też zastąpić kod z emaila.
      </p>
      {passkeys.isError ? (
        <FormError message={passkeyErrorMessage('passkeyProfile', passkeys.error)} />
      ) : list.length ? (
        <ul className="space-y-3" aria-label="Twoje klucze dostępu">
          {list.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : passkeys.isPending ? null : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Nie masz jeszcze kluczy dostępu.
        </p>
      )}
      {canCreate ? (
        <form onSubmit={onAdd} className="space-y-3" aria-label="Nowy klucz dostępu">
          <TextField
            label="Nazwa nowego klucza"
            name="newPasskeyName"
            value={shownName}
            maxLength={64}
            autoComplete="off"
            hint="Na przykład urządzenie, na którym go tworzysz."
            onChange={(event) => setName(event.target.value)}
          />
          <PendingButton
            isPending={add.isPending}
            pendingLabel="Czekam na urządzenie…"
            className={secondaryButtonClass}
          >
            Dodaj klucz dostępu
          </PendingButton>
        </form>
      ) : isHydrated ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Ta przeglądarka nie obsługuje kluczy dostępu.
        </p>
      ) : null}
      <FormStatus message={status} />
      <FormError message={error} />
    </div>
  );
}
