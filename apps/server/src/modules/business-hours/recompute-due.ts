import type { BusinessHours } from '@studio/shared/business-hours';
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema/index';
import { businessClock } from './business-time';
import { dueAtFor } from './due-at';

/** Tickets recounted per statement: bounded work per round trip, whatever the table's size. */
const BATCH = 1000;

/**
 * Counts `due_at` again for every open ticket awaiting staff (after the
 * business hours changed), or only for those without one (`onlyMissing`: the
 * start-up pass over tickets written before due times existed). Keyset
 * batches by id, each one UPDATE from a JSON list, so 100,000 waiting
 * tickets are a hundred statements and no long lock. Returns how many were written.
 */
export async function recomputeDueTimes(
  db: Db,
  hours: BusinessHours,
  options: { onlyMissing?: boolean } = {},
): Promise<number> {
  const clock = businessClock(hours);
  let afterId = 0;
  let written = 0;
  for (;;) {
    const conditions: SQL[] = [
      eq(tickets.status, 'open'),
      eq(tickets.awaiting, 'staff'),
      gt(tickets.id, afterId),
    ];
    if (options.onlyMissing) conditions.push(isNull(tickets.dueAt));
    const batch = await db
      .select({
        id: tickets.id,
        status: tickets.status,
        awaiting: tickets.awaiting,
        awaitingSince: tickets.awaitingSince,
        firstResponseAt: tickets.firstResponseAt,
      })
      .from(tickets)
      .where(and(...conditions))
      .orderBy(asc(tickets.id))
      .limit(BATCH);
    if (batch.length === 0) return written;
    const due = batch.map((t) => [
      t.id,
      dueAtFor(t, hours, clock)?.toISOString() ?? null,
      t.awaitingSince?.toISOString() ?? null,
      t.firstResponseAt === null,
    ]);
    // Only rows still in the waiting that was read: a message written meanwhile keeps what its own write counted.
    await db.execute(sql`
      update ${tickets} set due_at = (v.e->>1)::timestamptz
      from jsonb_array_elements(${JSON.stringify(due)}::jsonb) as v(e)
      where ${tickets.id} = (v.e->>0)::int
        and ${tickets.status} = 'open' and ${tickets.awaiting} = 'staff'
        and ${tickets.awaitingSince} = (v.e->>2)::timestamptz
        and (${tickets.firstResponseAt} is null) = (v.e->>3)::boolean`);
    written += batch.length;
    afterId = batch.at(-1)?.id ?? afterId;
    if (batch.length < BATCH) return written;
  }
}
