import type { StatsPeriod } from '@studio/shared/staff';

/** The statistics' calendar: the studio's days. */
export const STATS_TIME_ZONE = 'Europe/Warsaw';

/** A period as the statistics count it: its first and last studio day, both included. */
export interface StatsDays {
  first: string;
  last: string;
}

const studioDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: STATS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The days a period names: `days=N` ends today (the studio's today, so just
 * after midnight in Warsaw it is already the next day); a custom range is
 * taken as given (StatsQuerySchema checked it).
 */
export function statsDays(period: StatsPeriod, now: Date): StatsDays {
  if (!('days' in period)) return { first: period.from, last: period.to };
  const last = studioDate.format(now);
  const first = new Date(Date.parse(last) - (period.days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return { first, last };
}
