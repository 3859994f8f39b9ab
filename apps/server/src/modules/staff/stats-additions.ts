import type { StatsAnswer } from '@studio/shared/staff';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import {
  ticketMessages as messages,
  ticketRatings as ratings,
  tickets,
  users,
} from '../../db/schema/index';

type Additions = Pick<StatsAnswer, 'satisfaction' | 'resolution_seconds' | 'per_agent'>;

/** A percentile from the database as whole seconds, or null when nothing was measured. */
export const seconds = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value));

/**
 * The second round of statistics (DESIGN.md §7.9) over the window that
 * `period` holds: ratings given, resolution time and each staff
 * member's figures. Times are wall-clock seconds (business hours are not
 * applied here). Every query starts from an index on the window (ratings by
 * rated_at, tickets by closed_at, created_at or last_activity_at; staff replies
 * by created_at) and reads messages only from the two partial indexes of
 * public staff replies (migration 0025): a ticket's first answer is one entry
 * of `ticket_messages_staff_reply_idx`, not a walk past the customer's
 * messages and the notes, and a period's replies come from
 * `ticket_messages_staff_reply_time_idx`, not from every message of the
 * period (issue 34: 282 → 179 ms for 365 days at 10,000 tickets on PGlite).
 */
export async function statsAdditions(
  database: Db,
  period: { start: SQL; end: SQL },
): Promise<Additions> {
  const { start: windowStart, end: windowEnd } = period;
  const scores = await rowsOf<{ score: string; n: number }>(
    database,
    sql`select ${ratings.score} as score, count(*)::int as n from ${ratings}
    where ${ratings.ratedAt} >= ${windowStart} and ${ratings.ratedAt} < ${windowEnd} group by ${ratings.score}`,
  );
  const count = (score: string) => Number(scores.find((s) => s.score === score)?.n ?? 0);
  // closed_at is cleared on reopening, so it names the tickets closed now whose close fell in the window.
  const [resolution] = await rowsOf<{ p: Array<number | null> | null }>(
    database,
    sql`select percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from ${tickets.closedAt} - ${tickets.createdAt})) as p
    from ${tickets} where ${tickets.closedAt} >= ${windowStart} and ${tickets.closedAt} < ${windowEnd}`,
  );
  const agents = await rowsOf<{
    id: number;
    username: string;
    replies: number;
    closed: number;
    p50: number | null;
    resolution_p50: number | null;
  }>(
    database,
    sql`with replies as (
      -- A message in the window moved its ticket's last activity into the window.
      select m.author_id as id, count(*)::int as n
      from ${tickets} t join ${messages} m on m.ticket_id = t.id
      where t.last_activity_at >= ${windowStart}
        and m.created_at >= ${windowStart} and m.created_at < ${windowEnd}
        and m.author_is_admin and not m.internal and m.author_id is not null
      group by m.author_id
    ), closed as (
      -- Who closed is not kept (ticket events last a day): the assignee at the close counts.
      select assignee_id as id, count(*)::int as n,
        percentile_cont(0.5) within group (order by extract(epoch from closed_at - created_at)) as p50
      from ${tickets}
      where closed_at >= ${windowStart} and closed_at < ${windowEnd} and assignee_id is not null
      group by assignee_id
    ), first_answers as (
      select f.author_id as id,
        percentile_cont(0.5) within group (order by extract(epoch from t.first_response_at - t.created_at)) as p50
      from ${tickets} t
      cross join lateral (
        select m.author_id from ${messages} m
        where m.ticket_id = t.id and m.author_is_admin and not m.internal
        order by m.id limit 1
      ) f
      where t.created_at >= ${windowStart} and t.created_at < ${windowEnd}
        and t.first_response_at is not null and f.author_id is not null
      group by f.author_id
    )
    select u.id, u.username, coalesce(r.n, 0)::int as replies, coalesce(c.n, 0)::int as closed, fa.p50,
      c.p50 as resolution_p50
    from ${users} u
    left join replies r on r.id = u.id
    left join closed c on c.id = u.id
    left join first_answers fa on fa.id = u.id
    -- Today's staff, and anyone who did staff work in the window since losing the role.
    where u.id in (
      select id from ${users} where is_admin
      union select id from replies union select id from closed union select id from first_answers
    )
    order by u.username, u.id`,
  );
  return {
    satisfaction: { good: count('good'), neutral: count('neutral'), bad: count('bad') },
    resolution_seconds: {
      p50: seconds(resolution?.p?.[0]),
      p90: seconds(resolution?.p?.[1]),
    },
    per_agent: agents.map((a) => ({
      id: Number(a.id),
      username: a.username,
      replies: Number(a.replies),
      closed: Number(a.closed),
      first_response_seconds: { p50: seconds(a.p50) },
      resolution_seconds: { p50: seconds(a.resolution_p50) },
    })),
  };
}
