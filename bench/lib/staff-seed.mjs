// The staff columns of the seeded tickets (issue 17): subject, turn, waiting
// time, first response, close time and assignee, spread so every staff filter
// has work to do. Set-based, seconds for 100,000 tickets; the bench measures
// reads, so the values need only be plausible, not derived from the messages.
import { STAFF_COUNT } from './seed.mjs';

export async function seedStaffColumns(db) {
  await db.exec(`
    update tickets set
      subject = left(coalesce(last_message_preview, 'Bez tematu'), 120),
      awaiting = case when id % 3 = 0 then 'customer' else 'staff' end,
      awaiting_since = last_activity_at - interval '1 minute' * (id % 500),
      first_response_at = created_at + interval '1 second' * (60 + (id * 7919) % 86400),
      closed_at = case when status = 'closed' then last_activity_at end,
      -- Admin 1 and staff 2..${STAFF_COUNT + 1} share three quarters; the rest is unassigned.
      assignee_id = case when id % 4 = 0 then null else 1 + id % ${STAFF_COUNT + 1} end;
    analyze tickets;
  `);
}
