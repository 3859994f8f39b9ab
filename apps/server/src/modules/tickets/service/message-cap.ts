import { MAX_MESSAGES_PER_TICKET } from '@studio/shared/limits';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketMessages } from '../../../db/schema/index';
import { AppError } from '../../../lib/errors';

/**
 * Finding 4: a ticket takes at most MAX_MESSAGES_PER_TICKET messages, staff
 * included; then 409 `ticket_full` (the conversation goes on in a new ticket).
 * The count stops at the cap, so it costs at most that many index entries.
 */
export async function refuseIfTicketFull(database: Db, ticketId: number) {
  const result = await database.execute<{ n: number }>(
    sql`select count(*)::int as n from (
      select 1 from ${ticketMessages} where ticket_id = ${ticketId} limit ${MAX_MESSAGES_PER_TICKET}
    ) capped`,
  );
  const n = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  if (n >= MAX_MESSAGES_PER_TICKET) throw new AppError(409, 'ticket_full');
}
