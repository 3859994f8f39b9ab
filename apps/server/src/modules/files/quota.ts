import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { ticketAttachments, ticketMessages, tickets } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

/*
 * Finding 7: every user's uploads together (files and their thumbnails) stay
 * within STORAGE_QUOTA_MB. Counted from the attachment rows, so deleting a
 * ticket gives the space back and nothing can drift out of step.
 */

export const quotaExceeded = () => new AppError(413, 'quota_exceeded');

/**
 * Bytes the user's own uploads take. A customer writes only in their own
 * tickets, so their rows are found through the owner's tickets (indexed); for
 * staff, who write anywhere, by author.
 */
export async function storageUsedBy(
  database: Db,
  user: { id: number; isAdmin: boolean },
): Promise<number> {
  const ownTickets = user.isAdmin
    ? sql`true`
    : sql`a.ticket_id in (select t.id from ${tickets} t where t.owner_id = ${user.id})`;
  const rows = await rowsOf<{ used: string | number | null }>(
    database,
    sql`select coalesce(sum(a.size + coalesce(a.thumbnail_size, 0)), 0)::bigint as used
      from ${ticketAttachments} a
      join ${ticketMessages} m on m.id = a.message_id
      where ${ownTickets} and m.author_id = ${user.id}`,
  );
  return Number(rows[0]?.used ?? 0);
}

/** 413 `quota_exceeded` when `adding` more bytes would pass the quota (0: when it is already full). */
export async function refuseOverQuota(
  database: Db,
  user: { id: number; isAdmin: boolean },
  quotaBytes: number,
  adding: number,
) {
  const used = await storageUsedBy(database, user);
  if (adding === 0 ? used >= quotaBytes : used + adding > quotaBytes) throw quotaExceeded();
}

/**
 * The exact check, inside the transaction that stores the files: a per-user
 * advisory lock makes parallel uploads of one user take turns here, so two of
 * them cannot both fit into the same remaining space.
 */
export async function reserveQuota(
  tx: Db,
  user: { id: number; isAdmin: boolean },
  quotaBytes: number,
  adding: number,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(7302, ${user.id}::int)`);
  await refuseOverQuota(tx, user, quotaBytes, adding);
}
