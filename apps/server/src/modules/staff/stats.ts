import type { StatsAnswer } from '@studio/shared/staff';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { ticketDailyCounts as days, ticketTabCounts as tabs, tickets } from '../../db/schema/index';
import { readBusinessHours } from '../business-hours/index';
import { seconds, statsAdditions } from './stats-additions';
import { businessTimeFigures } from './stats-business-time';
import { STATS_TIME_ZONE, type StatsDays } from './stats-period';

/**
 * `GET /api/admin/stats?days=N|from=&to=` (staff). The counts and the days are read from
 * the summaries the tickets table's triggers keep (`ticket_tab_counts`,
 * `ticket_daily_counts`); the first-response percentiles from the tickets
 * created in the period (the created_at index), never from messages, so it
 * stays fast at 100,000 tickets (bench/README.md). The period is whole days in
 * Europe/Warsaw (stats-period.ts); every day is present, with zeros.
 * First-response percentiles cover tickets created in the period and answered.
 */
export async function ticketStats(database: Db, input: { days: StatsDays; now: Date }) {
  const zone = STATS_TIME_ZONE;
  const firstDay = sql`${input.days.first}::date`;
  const lastDay = sql`${input.days.last}::date`;
  const period = {
    start: sql`(${firstDay}::timestamp at time zone ${zone})`,
    end: sql`((${lastDay} + 1)::timestamp at time zone ${zone})`,
  };
  const [counts] = await rowsOf<{ open: number; awaiting_staff: number }>(
    database,
    sql`select
      coalesce(sum(${tabs.tickets}), 0)::int as open,
      coalesce(sum(${tabs.tickets}) filter (where ${tabs.awaiting} = 'staff'), 0)::int as awaiting_staff
    from ${tabs} where ${tabs.status} = 'open'`,
  );
  // One sort for both percentiles, over an index-only scan of the period.
  const [response] = await rowsOf<{ p: Array<number | null> | null }>(
    database,
    sql`select percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from ${tickets.firstResponseAt} - ${tickets.createdAt})) as p
    from ${tickets}
    where ${tickets.createdAt} >= ${period.start} and ${tickets.createdAt} < ${period.end}
      and ${tickets.firstResponseAt} is not null`,
  );
  const perDay = await rowsOf<{ date: string; created: number; closed: number }>(
    database,
    sql`select to_char(d::date, 'YYYY-MM-DD') as date,
      coalesce(${days.created}, 0)::int as created, coalesce(${days.closed}, 0)::int as closed
    from generate_series(${firstDay}, ${lastDay}, interval '1 day') d
    left join ${days} on ${days.day} = d::date
    order by d`,
  );
  const answer: StatsAnswer = {
    from: input.days.first,
    to: input.days.last,
    open: Number(counts?.open ?? 0),
    awaiting_staff: Number(counts?.awaiting_staff ?? 0),
    first_response_seconds: { p50: seconds(response?.p?.[0]), p90: seconds(response?.p?.[1]) },
    per_day: perDay.map((d) => ({
      date: d.date,
      created: Number(d.created),
      closed: Number(d.closed),
    })),
    ...(await statsAdditions(database, period)),
    ...(await businessTimeFigures(database, period, await readBusinessHours(database), input.now)),
  };
  return answer;
}
