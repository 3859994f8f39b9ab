import { type FormEvent, useState } from 'react';
import { PasswordField } from '~/components/form/account-fields';
import { FormError, FormStatus } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { errorMessage } from '~/lib/error-messages';
import { requiredError } from '~/lib/field-errors';
import { exportMyData } from '../api/export-data';

export const exportSavedMessage = (filename: string) => `Pobrano plik ${filename}`;

/**
 * 'Pobierz moje dane': the ZIP with everything we keep about the account,
 * after the password (a session alone, perhaps a stolen one, is not enough).
 */
export function ExportDataSection() {
  const { isPending, run } = useGuardedAction();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const onExport = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = requiredError(password);
    setPasswordError(missing);
    if (missing) return;
    void run(async () => {
      setError(null);
      setStatus(null);
      try {
        const filename = await exportMyData(password);
        setPassword('');
        setStatus(exportSavedMessage(filename));
      } catch (cause) {
        setError(errorMessage('profileExport', cause));
      }
    });
  };

  return (
    <div className="space-y-3">
      <h2 id="export-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Twoje dane
      </h2>
      <p id="export-description" className="text-sm text-slate-700 dark:text-slate-300">
        Pobierz plik ZIP ze wszystkim, co przechowujemy o Twoim koncie: dane konta i ustawienia
        (konto.json), Twoje zgłoszenia z całą korespondencją (zgloszenia.json), dołączone pliki oraz
        dziennik logowań i zmian zabezpieczeń z ostatnich 12 miesięcy. Hasła nie ma w eksporcie —
        przechowujemy je tylko jako skrót.
      </p>
      <form noValidate onSubmit={onExport} className="space-y-3">
        <PasswordField
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError}
          hint="Potwierdź hasłem do konta."
        />
        <PendingButton
          type="submit"
          isPending={isPending}
          pendingLabel="Przygotowywanie pliku…"
          aria-describedby="export-description"
          className={secondaryButtonClass}
        >
          Pobierz moje dane
        </PendingButton>
      </form>
      <FormStatus message={status} />
      <FormError message={error} />
    </div>
  );
}
