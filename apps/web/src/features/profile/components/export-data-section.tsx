import { useState } from 'react';
import { FormError, FormStatus } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { errorMessage } from '~/lib/error-messages';
import { exportMyData } from '../api/export-data';

export const exportSavedMessage = (filename: string) => `Pobrano plik ${filename}`;

/** 'Pobierz moje dane': the ZIP with everything we keep about the account. */
export function ExportDataSection() {
  const { isPending, run } = useGuardedAction();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const onExport = () =>
    void run(async () => {
      setError(null);
      setStatus(null);
      try {
        const filename = await exportMyData();
        setStatus(exportSavedMessage(filename));
      } catch (cause) {
        setError(errorMessage('profileExport', cause));
      }
    });

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
      <PendingButton
        type="button"
        isPending={isPending}
        pendingLabel="Przygotowywanie pliku…"
        onClick={onExport}
        aria-describedby="export-description"
        className={secondaryButtonClass}
      >
        Pobierz moje dane
      </PendingButton>
      <FormStatus message={status} />
      <FormError message={error} />
    </div>
  );
}
