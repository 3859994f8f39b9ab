import {
  STATS_DAYS_DEFAULT,
  type StatsPeriod,
  StatsRangeSchema,
  statsSearch,
} from '@studio/shared/staff';

/** The ready-made periods of the Raporty page, in days (today included). */
export const PERIOD_CHOICES = [7, 30, 90] as const;

/**
 * The period the page's address names: `?from=&to=` (a valid custom range),
 * else `?days=` (one of PERIOD_CHOICES), else the last 30 days. Kept in the
 * address so a report can be reloaded, bookmarked and sent to a colleague.
 */
export function periodFromSearch(params: URLSearchParams): StatsPeriod {
  const range = StatsRangeSchema.safeParse({
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  });
  if (range.success) return range.data;
  const days = Number(params.get('days'));
  return PERIOD_CHOICES.some((choice) => choice === days) ? { days } : { days: STATS_DAYS_DEFAULT };
}

/** The address's search part for a period (the same keys as the API's query). */
export const searchOfPeriod = (period: StatsPeriod) => `?${statsSearch(period)}`;

const fullDay = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'long', timeZone: 'UTC' });

/** „3 listopada 2026” for `2026-11-03`; the text itself when it is no date. */
export function longDay(date: string): string {
  const parsed = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(parsed) ? date : fullDay.format(parsed);
}
