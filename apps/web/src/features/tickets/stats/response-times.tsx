import type { StatsAnswer } from '@studio/shared/staff';
import { shortDuration } from '../lib/staff-time';

const cell = 'py-1.5 pr-3';
const number = 'py-1.5 pr-3 text-right tabular-nums';

export const durationOrNone = (seconds: number | null) =>
  seconds === null ? 'brak danych' : shortDuration(seconds);

type Row = {
  label: string;
  testId: string;
  business: number | null;
  calendar: number | null;
};

/**
 * First response and resolution, median and 90th percentile, counted in
 * business hours (what the response targets measure) and in calendar time.
 */
export function ResponseTimes({ stats }: { stats: StatsAnswer }) {
  const rows: Row[] = [
    {
      label: 'Pierwsza odpowiedź — mediana',
      testId: 'first-response-p50',
      business: stats.first_response_business_seconds.p50,
      calendar: stats.first_response_seconds.p50,
    },
    {
      label: 'Pierwsza odpowiedź — 90% zgłoszeń',
      testId: 'first-response-p90',
      business: stats.first_response_business_seconds.p90,
      calendar: stats.first_response_seconds.p90,
    },
    {
      label: 'Rozwiązanie — mediana',
      testId: 'resolution-p50',
      business: stats.resolution_business_seconds.p50,
      calendar: stats.resolution_seconds.p50,
    },
    {
      label: 'Rozwiązanie — 90% zgłoszeń',
      testId: 'resolution-p90',
      business: stats.resolution_business_seconds.p90,
      calendar: stats.resolution_seconds.p90,
    },
  ];
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">Czasy odpowiedzi i rozwiązania</caption>
      <thead>
        <tr className="border-b border-slate-300 dark:border-white/15">
          <th scope="col" className={cell}>
            <span className="sr-only">Miara</span>
          </th>
          <th scope="col" className={`${cell} text-right`}>
            W godzinach pracy
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Czas kalendarzowy
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.testId} className="border-b border-slate-200 dark:border-white/10">
            <th scope="row" className={`${cell} font-normal`}>
              {row.label}
            </th>
            <td className={number} data-testid={`${row.testId}-business`}>
              {durationOrNone(row.business)}
            </td>
            <td className={number} data-testid={`${row.testId}-calendar`}>
              {durationOrNone(row.calendar)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
