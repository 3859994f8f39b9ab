import type { DayCounts } from '../lib/stats-chart';
import { longDay } from './report-period';

/** The chart's numbers as a table: the version for screen readers and for copying. */
export function StatsTable({ days }: { days: readonly DayCounts[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-target cursor-pointer font-semibold text-blue-700 underline underline-offset-2 dark:text-blue-300">
        Pokaż jako tabelę
      </summary>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        aria-label="Zgłoszenia dziennie, przewijane"
        className="mt-2 max-h-80 overflow-y-auto"
      >
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Zgłoszenia utworzone i zamknięte dziennie</caption>
          <thead>
            <tr className="border-b border-slate-300 dark:border-white/15">
              <th scope="col" className="py-1 pr-3">
                Dzień
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Utworzone
              </th>
              <th scope="col" className="py-1 text-right">
                Zamknięte
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-b border-slate-200 dark:border-white/10">
                <th scope="row" className="py-1 pr-3 font-normal">
                  <time dateTime={day.date}>{longDay(day.date)}</time>
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{day.created}</td>
                <td className="py-1 text-right tabular-nums">{day.closed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
