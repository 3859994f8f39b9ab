import { useState } from 'react';
import { FormError, FormStatus } from '~/components/form/form-message';
import { primaryButtonClass, secondaryButtonClass } from '~/components/form/styles';

const FILE_NAME = 'kody-zapasowe.txt';

function downloadAsText(codes: readonly string[]) {
  const text = `Kody zapasowe (każdy działa tylko raz)\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The 10 recovery codes, shown this once (only their hashes are kept): copy
 * them or save them as a .txt file before closing.
 */
export function RecoveryCodesPanel({
  codes,
  onDone,
}: {
  codes: readonly string[];
  onDone: () => void;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onCopy = async () => {
    setError(null);
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setStatus('Skopiowano kody zapasowe');
    } catch {
      setError('Nie udało się skopiować. Zaznacz kody i skopiuj je ręcznie.');
    }
  };

  return (
    <section className="space-y-3" aria-labelledby="recovery-codes-heading">
      <h3
        id="recovery-codes-heading"
        className="text-base font-semibold text-slate-900 dark:text-white"
      >
        Kody zapasowe
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Zapisz je w bezpiecznym miejscu. Gdy nie masz telefonu pod ręką, zalogujesz się jednym z
        nich; każdy działa tylko raz. Nie pokażemy ich ponownie.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg border border-slate-400 bg-white/70 p-3 font-mono text-base text-slate-900 dark:border-white/25 dark:bg-slate-950/70 dark:text-white"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="button" onClick={() => void onCopy()} className={secondaryButtonClass}>
          Kopiuj
        </button>
        <button
          type="button"
          onClick={() => {
            downloadAsText(codes);
            setStatus(`Pobrano plik ${FILE_NAME}`);
          }}
          className={secondaryButtonClass}
        >
          Pobierz jako .txt
        </button>
        <button type="button" onClick={onDone} className={primaryButtonClass}>
          Gotowe
        </button>
      </div>
      <FormStatus message={status} />
      <FormError message={error} />
    </section>
  );
}
