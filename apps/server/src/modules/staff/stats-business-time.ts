import type { BusinessHours } from '@studio/shared/business-hours';
import type { StatsAnswer } from '@studio/shared/staff';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { tickets } from '../../db/schema/index';
import { openIntervals } from '../business-hours/index';
import { seconds } from './stats-additions';

type BusinessFigures = Pick<
  StatsAnswer,
  'first_response_business_seconds' | 'resolution_business_seconds'
>;

const NONE = { p50: null, p90: null };

/**
 * First response and resolution counted in business hours (DESIGN.md §7.9),
 * over the same tickets as the wall-clock figures: created in the period and
 * answered, closed in the period.
 *
 * No loop over tickets in JavaScript: the open intervals between the oldest
 * instant concerned and the newest are worked out once (a few hundred a year)
 * and sent as arrays with the open time before each (`before`). The open time
 * from the epoch to an instant x is then `before[i] + least(x - open[i],
 * close[i] - open[i])` with i = width_bucket(x, open), a binary search — so
 * each ticket costs two searches inside the percentile query. A first interval
 * of length zero at the epoch makes i ≥ 1 for every instant.
 */
export async function businessTimeFigures(
  database: Db,
  period: { start: SQL; end: SQL },
  calendar: BusinessHours,
): Promise<BusinessFigures> {
  const created = sql`${tickets.createdAt} >= ${period.start} and ${tickets.createdAt} < ${period.end}`;
  const closed = sql`${tickets.closedAt} >= ${period.start} and ${tickets.closedAt} < ${period.end}`;
  const [bounds] = await rowsOf<{ lo: number | null; hi: number | null }>(
    database,
    sql`select extract(epoch from least(
        (select min(${tickets.createdAt}) from ${tickets} where ${created} and ${tickets.firstResponseAt} is not null),
        (select min(${tickets.createdAt}) from ${tickets} where ${closed})))::float8 as lo,
      extract(epoch from greatest(
        (select max(${tickets.firstResponseAt}) from ${tickets} where ${created}),
        (select max(${tickets.closedAt}) from ${tickets} where ${closed})))::float8 as hi`,
  );
  if (bounds?.lo === null || bounds?.lo === undefined || bounds.hi === null) {
    return { first_response_business_seconds: NONE, resolution_business_seconds: NONE };
  }
  const intervals = openIntervals(
    calendar,
    new Date(Number(bounds.lo) * 1000),
    new Date(Number(bounds.hi) * 1000),
  );
  const open = [0];
  const close = [0];
  const before = [0];
  let total = 0;
  for (const interval of intervals) {
    open.push(interval.open / 1000);
    close.push(interval.close / 1000);
    before.push(total);
    total += (interval.close - interval.open) / 1000;
  }
  const array = (values: number[]) => sql`${`{${values.join(',')}}`}::float8[]`;
  const openSince = (x: SQL) =>
    sql`(w.sums[width_bucket(${x}, w.opens)] + least(${x} - w.opens[width_bucket(${x}, w.opens)], w.closes[width_bucket(${x}, w.opens)] - w.opens[width_bucket(${x}, w.opens)]))`;
  const percentiles = (from: SQL, to: SQL, where: SQL) =>
    sql`select percentile_cont(array[0.5, 0.9]) within group (order by ${openSince(sql`t.b`)} - ${openSince(sql`t.a`)}) as p
      from (select ${array(open)} as opens, ${array(close)} as closes, ${array(before)} as sums) w,
      (select extract(epoch from ${from})::float8 as a, extract(epoch from ${to})::float8 as b
        from ${tickets} where ${where}) t`;
  const [first] = await rowsOf<{ p: Array<number | null> | null }>(
    database,
    percentiles(
      sql`${tickets.createdAt}`,
      sql`${tickets.firstResponseAt}`,
      sql`${created} and ${tickets.firstResponseAt} is not null`,
    ),
  );
  const [resolution] = await rowsOf<{ p: Array<number | null> | null }>(
    database,
    percentiles(sql`${tickets.createdAt}`, sql`${tickets.closedAt}`, closed),
  );
  return {
    first_response_business_seconds: { p50: seconds(first?.p?.[0]), p90: seconds(first?.p?.[1]) },
    resolution_business_seconds: {
      p50: seconds(resolution?.p?.[0]),
      p90: seconds(resolution?.p?.[1]),
    },
  };
}
