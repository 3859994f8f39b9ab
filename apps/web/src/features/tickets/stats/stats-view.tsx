import { Link } from 'react-router';
import { useStats } from '../api/get-stats';
import { panelClass, secondaryButtonClass } from '../components/styles';
import { RETRY_LABEL } from '../lib/messages';
import { durationInWords } from '../lib/staff-time';
import { PerDayChart } from './per-day-chart';
import { SatisfactionStats } from './satisfaction-stats';
import { StatsTable } from './stats-table';

const DAYS = 30;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={`${panelClass} p-4`}>
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd data-testid={testId} className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">
        {value}
      </dd>
    </div>
  );
}

const responseTime = (seconds: number | null) =>
  seconds === null ? 'brak danych' : durationInWords(seconds);

/** `/contact/stats` for staff: counts now, first-response times and 30 days per day. */
export function StatsView() {
  const stats = useStats({ days: DAYS, enabled: true });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Statystyki Kontaktu
        </h1>
        <Link to="/contact" className={secondaryButtonClass}>
          Wróć do zgłoszeń
        </Link>
      </div>
      {stats.isPending ? (
        <p role="status" className="py-12 text-center text-slate-700 dark:text-slate-300">
          Wczytywanie statystyk…
        </p>
      ) : stats.isError ? (
        <div role="alert" className="py-12 text-center text-red-800 dark:text-red-200">
          <p>Nie udało się wczytać statystyk.</p>
          <button
            type="button"
            onClick={() => void stats.refetch()}
            className={`${secondaryButtonClass} mt-3`}
          >
            {RETRY_LABEL}
          </button>
        </div>
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Otwarte zgłoszenia" value={String(stats.data.open)} testId="stat-open" />
            <Figure
              label="Czeka na nas"
              value={String(stats.data.awaiting_staff)}
              testId="stat-awaiting"
            />
            <Figure
              label="Pierwsza odpowiedź — mediana"
              value={responseTime(stats.data.first_response_seconds.p50)}
              testId="stat-p50"
            />
            <Figure
              label="Pierwsza odpowiedź — 90% zgłoszeń"
              value={responseTime(stats.data.first_response_seconds.p90)}
              testId="stat-p90"
            />
          </dl>
          <section
            aria-labelledby="per-day-title"
            className={`${panelClass} flex flex-col gap-3 p-4`}
          >
            <h2 id="per-day-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              Ostatnie {DAYS} dni
            </h2>
            {stats.data.per_day.every((d) => d.created === 0 && d.closed === 0) ? (
              <p className="text-slate-700 dark:text-slate-300">
                W tym czasie nie utworzono ani nie zamknięto żadnego zgłoszenia.
              </p>
            ) : (
              <>
                <PerDayChart days={stats.data.per_day} />
                <StatsTable days={stats.data.per_day} />
              </>
            )}
          </section>
          <SatisfactionStats stats={stats.data} days={DAYS} />
        </>
      )}
    </div>
  );
}
