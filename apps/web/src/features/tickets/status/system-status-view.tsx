import type { StatusCheck } from '@studio/shared/status';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { firstRunKey } from '../api/get-first-run';
import { useSystemStatus } from '../api/get-system-status';
import { panelClass, secondaryButtonClass } from '../components/styles';
import { RETRY_LABEL } from '../lib/messages';
import { FirstRunChecklist } from './first-run-checklist';
import { CHECK_NAMES, STATE_CLASSES, STATE_LABELS } from './status-texts';

const dateFormat = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'long', timeStyle: 'short' });

function CheckLine({ check }: { check: StatusCheck }) {
  const titleId = `check-${check.id}`;
  return (
    <li
      aria-labelledby={titleId}
      data-testid={`status-${check.id}`}
      data-state={check.state}
      className={`${panelClass} flex flex-col gap-2 p-4`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {CHECK_NAMES[check.id]}
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${STATE_CLASSES[check.state]}`}
        >
          {STATE_LABELS[check.state]}
        </span>
      </div>
      <p className="break-words text-slate-800 dark:text-slate-200">{check.detail}</p>
    </li>
  );
}

/** `/contact/status` for admins: „Pierwsze kroki” until done, then each check of the product. */
export function SystemStatusView() {
  const status = useSystemStatus();
  const queryClient = useQueryClient();
  // Checking again looks at the checklist too: its mailbox and backup steps follow the lines.
  const checkAgain = () => {
    void status.refetch();
    void queryClient.invalidateQueries({ queryKey: firstRunKey });
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Stan systemu
        </h1>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={checkAgain}
            disabled={status.isFetching}
            className={secondaryButtonClass}
          >
            {status.isFetching && !status.isPending ? 'Sprawdzanie…' : 'Sprawdź ponownie'}
          </button>
          <Link to="/contact" className={secondaryButtonClass}>
            Wróć do zgłoszeń
          </Link>
        </div>
      </div>
      <FirstRunChecklist />
      {status.isPending ? (
        <p role="status" className="py-12 text-center text-slate-700 dark:text-slate-300">
          Sprawdzanie stanu systemu…
        </p>
      ) : status.isError ? (
        <div role="alert" className="py-12 text-center text-red-800 dark:text-red-200">
          <p>Nie udało się sprawdzić stanu systemu.</p>
          <button
            type="button"
            onClick={() => void status.refetch()}
            className={`${secondaryButtonClass} mt-3`}
          >
            {RETRY_LABEL}
          </button>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Wersja {status.data.version}; serwer działa od{' '}
            {dateFormat.format(new Date(status.data.started_at))}.
          </p>
          {status.data.checks.length === 0 ? (
            <p className="text-slate-700 dark:text-slate-300">Nie ma nic do sprawdzenia.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {status.data.checks.map((check) => (
                <CheckLine key={check.id} check={check} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
