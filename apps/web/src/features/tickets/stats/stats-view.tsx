import type { StatsAnswer, StatsPeriod } from '@studio/shared/staff';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStats } from '../api/get-stats';
import { panelClass, primaryButtonClass, secondaryButtonClass } from '../components/styles';
import { RETRY_LABEL } from '../lib/messages';
import { PerDayChart } from './per-day-chart';
import { PeriodPicker } from './period-picker';
import { downloadReport, reportDownloadErrorMessage } from './report-download';
import { longDay, periodFromSearch, searchOfPeriod } from './report-period';
import { ResponseTimes } from './response-times';
import { SatisfactionStats, Section } from './satisfaction-stats';
import { StatsTable } from './stats-table';

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

/** „Pobierz CSV”: fetched, then saved; a refusal is said in Polish, never saved as the file. */
function DownloadButton({ period }: { period: StatsPeriod }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadReport(period);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: reportDownloadErrorMessage(error) });
    }
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        onClick={() => void download()}
        disabled={state.busy}
        className={primaryButtonClass}
      >
        {state.busy ? 'Pobieranie…' : 'Pobierz CSV'}
      </button>
      {state.error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {state.error}
        </p>
      )}
    </div>
  );
}

function Report({ stats }: { stats: StatsAnswer }) {
  const created = stats.per_day.reduce((sum, d) => sum + d.created, 0);
  const closed = stats.per_day.reduce((sum, d) => sum + d.closed, 0);
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Otwarte teraz" value={String(stats.open)} testId="stat-open" />
        <Figure
          label="Czeka na nas teraz"
          value={String(stats.awaiting_staff)}
          testId="stat-awaiting"
        />
        <Figure label="Utworzone w okresie" value={String(created)} testId="stat-created" />
        <Figure label="Zamknięte w okresie" value={String(closed)} testId="stat-closed" />
      </dl>
      <Section id="per-day-title" title="Zgłoszenia dziennie">
        {created === 0 && closed === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">Brak zgłoszeń w tym okresie.</p>
        ) : (
          <>
            <PerDayChart days={stats.per_day} />
            <StatsTable days={stats.per_day} />
          </>
        )}
      </Section>
      <Section id="times-title" title="Czasy odpowiedzi i rozwiązania">
        <ResponseTimes stats={stats} />
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Pierwsza odpowiedź: zgłoszenia utworzone w tym okresie, na które zespół odpowiedział.
          Rozwiązanie: od utworzenia do zamknięcia, zgłoszenia zamknięte w tym okresie. Godziny
          pracy pomijają noce, weekendy, święta i dni wolne studia.
        </p>
      </Section>
      <SatisfactionStats stats={stats} />
    </>
  );
}

/** `/contact/stats` for staff, „Raporty”: a period from the address, its figures and the CSV. */
export function StatsView() {
  const [params, setParams] = useSearchParams();
  const period = periodFromSearch(params);
  const stats = useStats({ period, enabled: true });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          Raporty
        </h1>
        <Link to="/contact" className={secondaryButtonClass}>
          Wróć do zgłoszeń
        </Link>
      </div>
      <div
        className={`${panelClass} flex flex-col gap-4 p-4 sm:flex-row sm:items-end sm:justify-between`}
      >
        <PeriodPicker
          period={period}
          onChange={(next) => setParams(new URLSearchParams(searchOfPeriod(next)))}
        />
        <DownloadButton period={period} />
      </div>
      {stats.isPending ? (
        <p role="status" className="py-12 text-center text-slate-700 dark:text-slate-300">
          Wczytywanie raportu…
        </p>
      ) : stats.isError ? (
        <div role="alert" className="py-12 text-center text-red-800 dark:text-red-200">
          <p>Nie udało się wczytać raportu.</p>
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
          <p className="text-slate-800 dark:text-slate-100" data-testid="report-period">
            Okres: <time dateTime={stats.data.from}>{longDay(stats.data.from)}</time> –{' '}
            <time dateTime={stats.data.to}>{longDay(stats.data.to)}</time>
          </p>
          <Report stats={stats.data} />
        </>
      )}
    </div>
  );
}
