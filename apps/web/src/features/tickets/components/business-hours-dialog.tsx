import {
  type BusinessHours,
  BusinessHoursSchema,
  RESPONSE_MINUTES_MAX,
} from '@studio/shared/business-hours';
import { polishPublicHolidays } from '@studio/shared/polish-holidays';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { isApiError, isNetworkError } from '~/lib/api-client';
import { useBusinessHours, useSaveBusinessHours } from '../api/business-hours';
import { LoadError } from './load-error';
import { primaryButtonClass, secondaryButtonClass } from './styles';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-white/25 dark:bg-slate-950/70 dark:text-white';
const smallFieldClass =
  'block min-h-10 rounded-lg border border-slate-400 bg-white px-2 py-1 text-base text-slate-900 disabled:opacity-50 dark:border-white/25 dark:bg-slate-950/70 dark:text-white';

const WEEKDAYS = [
  'Poniedziałek',
  'Wtorek',
  'Środa',
  'Czwartek',
  'Piątek',
  'Sobota',
  'Niedziela',
] as const;

const dateFormat = new Intl.DateTimeFormat('pl-PL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateInWords = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

/** One row per weekday: open or closed, with its hours (kept while closed, so unticking is undoable). */
interface DayRow {
  open: boolean;
  from: string;
  to: string;
}

function rowsOf(hours: BusinessHours): DayRow[] {
  return WEEKDAYS.map((_, index) => {
    const day = hours.days.find((d) => d.weekday === index + 1);
    return day
      ? { open: true, from: day.open, to: day.close }
      : { open: false, from: '09:00', to: '17:00' };
  });
}

/** What the server refused, in its own Polish words, else a sentence per kind of failure. */
export function saveErrorMessage(error: unknown): string {
  if (isNetworkError(error)) {
    return 'Nie udało się zapisać godzin pracy. Sprawdź połączenie z internetem.';
  }
  if (isApiError(error)) {
    if (error.code === 'forbidden') return 'Nie udało się zapisać godzin pracy. Brak uprawnień.';
    if (error.code === 'validation_failed' && Array.isArray(error.details)) {
      const messages = error.details
        .map((d: unknown) =>
          d && typeof d === 'object' && 'message' in d ? String(d.message) : '',
        )
        .filter(Boolean);
      if (messages.length) return [...new Set(messages)].join(' ');
    }
  }
  return 'Nie udało się zapisać godzin pracy. Spróbuj ponownie.';
}

/**
 * „Godziny pracy” (DESIGN.md §7.9): the week's hours, the studio's extra days
 * off and both response targets; the year's Polish public holidays are listed
 * read-only, as they are closed without being entered.
 */
export function BusinessHoursForm({
  initial,
  onSaved,
  year = new Date().getFullYear(),
}: {
  initial: BusinessHours;
  onSaved?: (saved: BusinessHours) => void;
  year?: number;
}) {
  const ids = useId();
  const [timezone, setTimezone] = useState(initial.timezone);
  const [rows, setRows] = useState(() => rowsOf(initial));
  const [holidays, setHolidays] = useState(initial.holidays);
  const [newHoliday, setNewHoliday] = useState('');
  const [first, setFirst] = useState(String(initial.first_response_minutes));
  const [next, setNext] = useState(String(initial.next_response_minutes));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveBusinessHours();

  const changeRow = (index: number, change: Partial<DayRow>) => {
    setSaved(false);
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  };

  const addHoliday = () => {
    if (!newHoliday) return;
    setSaved(false);
    setHolidays((current) => [...new Set([...current, newHoliday])].sort());
    setNewHoliday('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body = {
      timezone: timezone.trim(),
      days: rows.flatMap((row, index) =>
        row.open ? [{ weekday: index + 1, open: row.from, close: row.to }] : [],
      ),
      holidays,
      first_response_minutes: Number(first),
      next_response_minutes: Number(next),
    };
    // Checked here first with the server's own rules and words, so a mistake is named at once.
    const checked = BusinessHoursSchema.safeParse(body);
    if (!checked.success) {
      setError([...new Set(checked.error.issues.map((issue) => issue.message))].join(' '));
      return;
    }
    setError(null);
    save.mutate(checked.data, {
      onSuccess: (stored) => {
        setSaved(true);
        onSaved?.(stored);
      },
      onError: (failure) => setError(saveErrorMessage(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-5">
      <fieldset>
        <legend className="text-sm font-semibold">Dni i godziny</legend>
        <div className="mt-2 flex flex-col gap-2">
          {WEEKDAYS.map((name, index) => {
            const row = rows[index] ?? { open: false, from: '09:00', to: '17:00' };
            return (
              <div key={name} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <label className="flex min-h-10 w-36 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={row.open}
                    onChange={(event) => changeRow(index, { open: event.target.checked })}
                    className="size-4"
                  />
                  {name}
                </label>
                <span className="flex items-center gap-1 text-sm">
                  <span aria-hidden="true">od</span>
                  <input
                    type="time"
                    aria-label={`${name}: otwarcie`}
                    value={row.from}
                    disabled={!row.open}
                    onChange={(event) => changeRow(index, { from: event.target.value })}
                    className={smallFieldClass}
                  />
                </span>
                <span className="flex items-center gap-1 text-sm">
                  <span aria-hidden="true">do</span>
                  <input
                    type="time"
                    aria-label={`${name}: zamknięcie`}
                    value={row.to}
                    disabled={!row.open}
                    onChange={(event) => changeRow(index, { to: event.target.value })}
                    className={smallFieldClass}
                  />
                </span>
              </div>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm font-medium">
          Czas na pierwszą odpowiedź (minuty)
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={RESPONSE_MINUTES_MAX}
            value={first}
            onChange={(event) => {
              setSaved(false);
              setFirst(event.target.value);
            }}
            className={fieldClass}
          />
        </label>
        <label className="text-sm font-medium">
          Czas na kolejną odpowiedź (minuty)
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={RESPONSE_MINUTES_MAX}
            value={next}
            onChange={(event) => {
              setSaved(false);
              setNext(event.target.value);
            }}
            className={fieldClass}
          />
        </label>
      </div>
      <p className="-mt-3 text-xs text-slate-600 dark:text-slate-300">
        Liczone tylko w godzinach pracy, od chwili, gdy klient zaczął czekać.
      </p>

      <label className="text-sm font-medium">
        Strefa czasowa
        <input
          value={timezone}
          onChange={(event) => {
            setSaved(false);
            setTimezone(event.target.value);
          }}
          autoComplete="off"
          spellCheck={false}
          className={fieldClass}
        />
      </label>

      <section aria-labelledby={`${ids}-extra`}>
        <h3 id={`${ids}-extra`} className="text-sm font-semibold">
          Dodatkowe dni wolne
        </h3>
        {holidays.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Brak dodatkowych dni wolnych.
          </p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1">
            {holidays.map((date) => (
              <li key={date} className="flex items-center justify-between gap-2 text-sm">
                <span>{dateInWords(date)}</span>
                <button
                  type="button"
                  className="cursor-target min-h-9 rounded px-2 text-sm text-red-700 underline dark:text-red-300"
                  onClick={() => {
                    setSaved(false);
                    setHolidays((current) => current.filter((d) => d !== date));
                  }}
                >
                  Usuń<span className="sr-only"> dzień wolny {dateInWords(date)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label className="text-sm">
            Nowy dzień wolny
            <input
              type="date"
              value={newHoliday}
              onChange={(event) => setNewHoliday(event.target.value)}
              className={smallFieldClass}
            />
          </label>
          <button type="button" className={secondaryButtonClass} onClick={addHoliday}>
            Dodaj dzień wolny
          </button>
        </div>
      </section>

      <details className="text-sm">
        <summary className="cursor-target min-h-9 cursor-pointer font-semibold">
          Święta ustawowe w {year} r. (zawsze wolne)
        </summary>
        <ul className="mt-2 flex flex-col gap-0.5 text-slate-700 dark:text-slate-300">
          {polishPublicHolidays(year).map((holiday) => (
            <li key={holiday.date}>
              {dateInWords(holiday.date)} — {holiday.name}
            </li>
          ))}
        </ul>
      </details>

      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
        {saved ? 'Zapisano. Terminy czekających zgłoszeń przeliczono.' : ''}
      </p>
      <div className="flex justify-end">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          {save.isPending ? 'Zapisywanie…' : 'Zapisz godziny pracy'}
        </button>
      </div>
    </form>
  );
}

/** The dialog around the form: loads the settings, says so while loading or when it failed. */
export function BusinessHoursDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const hours = useBusinessHours({ enabled: open });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="w-full max-w-2xl p-4 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          Godziny pracy
        </h2>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Zamknij
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Terminy odpowiedzi („Po terminie”, „Zostało 25 min”) liczą się tylko w tych godzinach.
      </p>
      {hours.isError ? (
        <LoadError
          message="Nie udało się wczytać godzin pracy."
          onRetry={() => void hours.refetch()}
        />
      ) : hours.data ? (
        <BusinessHoursForm initial={hours.data} />
      ) : (
        <p role="status" className="mt-4 text-sm">
          Wczytywanie godzin pracy…
        </p>
      )}
    </Dialog>
  );
}

/** „Godziny pracy” in the workspace's header (admins). */
export function BusinessHoursButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Godziny pracy
      </button>
      <BusinessHoursDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
