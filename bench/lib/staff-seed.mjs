// The staff columns of the seeded tickets (issues 17 and 31): subject, turn, waiting
// time, first response, close time, assignee and due time, spread so every staff filter
// has work to do. Set-based, seconds for 100,000 tickets; the bench measures
// reads, so the values need only be plausible, not derived from the messages.
import { STAFF_COUNT } from './seed.mjs';

export async function seedStaffColumns(db) {
  await db.exec(`
    begin;
    -- Like seed.mjs: no triggers while filling (rows are consistent by construction);
    -- the summaries the triggers keep are rebuilt below, as migration 0009 builds them.
    set local session_replication_role = replica;
    update tickets set
      subject = left(coalesce(last_message_preview, 'Bez tematu'), 120),
      awaiting = case when id % 3 = 0 then 'customer' else 'staff' end,
      awaiting_since = last_activity_at - interval '1 minute' * (id % 500),
      first_response_at = created_at + interval '1 second' * (60 + (id * 7919) % 86400),
      closed_at = case when status = 'closed' then last_activity_at end,
      -- Admin 1 and staff 2..${STAFF_COUNT + 1} share three quarters; the rest is unassigned.
      assignee_id = case when id % 4 = 0 then null else 1 + id % ${STAFF_COUNT + 1} end,
      -- Response targets (issue 31): open tickets that await staff are due within ±5 hours of
      -- the run, so about half are overdue and a tenth fall in the next hour („Wkrótce termin”).
      due_at = case when status = 'open' and id % 3 <> 0
        then now() + interval '1 minute' * ((id * 7) % 600 - 300) end;
    truncate ticket_tab_counts, ticket_daily_counts;
    insert into ticket_tab_counts (status, awaiting, assignee_id, tickets)
    select status, coalesce(awaiting, ''), coalesce(assignee_id, 0), count(*)::int
    from tickets group by 1, 2, 3;
    insert into ticket_daily_counts (day, created, closed)
    select day, sum(created)::int, sum(closed)::int from (
      select (created_at at time zone 'Europe/Warsaw')::date as day, 1 as created, 0 as closed from tickets
      union all
      select (closed_at at time zone 'Europe/Warsaw')::date, 0, 1 from tickets where closed_at is not null
    ) d group by 1;
    commit;
    analyze ticket_tab_counts;
    analyze ticket_daily_counts;
  `);
  // As autovacuum leaves a settled table: statistics, and the visibility map that lets
  // the percentiles' index-only scan skip the heap. (VACUUM cannot share a command string.)
  await db.exec('vacuum analyze tickets');
}
