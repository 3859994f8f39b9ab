import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import { ticketMessages, ticketReads, tickets } from '../../../db/schema/index';
import type { Actor } from './rules';

/*
 * Unread means what the list's `unread_count` means: a message someone else
 * wrote, with an id above the viewer's read marker (no marker: everything).
 * A customer's counts never include internal notes.
 */

/** Notes count for staff only. */
export const publicOnlyFor = (actor: Actor) =>
  actor.isAdmin ? sql`` : sql` and m.internal = false`;

async function countOf(database: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(database, query);
  return Number(row?.n ?? 0);
}

/** The viewer's unread messages in one ticket (walks the ticket's part of the (ticket_id, id) index). */
export function unreadInTicket(database: Db, actor: Actor, ticketId: number): Promise<number> {
  return countOf(
    database,
    sql`select count(*)::int as n from ${ticketMessages} m
      where m.ticket_id = ${ticketId}
        and m.author_id is distinct from ${actor.id}${publicOnlyFor(actor)}
        and m.id > coalesce((
          select r.last_read_message_id from ${ticketReads} r
          where r.ticket_id = ${ticketId} and r.user_id = ${actor.id}
        ), 0)`,
  );
}

/** The viewer's unread messages across every ticket they can see (own; all for staff). */
export function unreadTotal(database: Db, actor: Actor): Promise<number> {
  const visible = actor.isAdmin ? sql`true` : sql`t.owner_id = ${actor.id}`;
  return countOf(
    database,
    sql`select count(*)::int as n
      from ${tickets} t
      join ${ticketMessages} m on m.ticket_id = t.id
      left join ${ticketReads} r on r.ticket_id = t.id and r.user_id = ${actor.id}
      where ${visible}
        and m.author_id is distinct from ${actor.id}${publicOnlyFor(actor)}
        and m.id > coalesce(r.last_read_message_id, 0)`,
  );
}
