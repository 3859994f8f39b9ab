import { type SQL, sql } from 'drizzle-orm';
import { ticketMessages, tickets, users } from '../../../db/schema/index';
import type { Actor } from './rules';

/** Shortest word searched by prefix: one letter would match nearly every message (finding 16). */
export const SEARCH_WORD_MIN = 2;
const SEARCH_WORDS_MAX = 8;
/** PostgreSQL stops a search after this; the client gets a 500 rather than a stuck server. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5000;

/**
 * `q` matches a ticket number (the studio-wide `#number`, the owner's seq or the id), the owner's username
 * by prefix, or words in any message (prefix match on the full-text index).
 * For a customer both subqueries are confined to their own account and tickets
 * (finding 16) and the words to messages they can see (no internal notes, N1), so a search costs what their own tickets cost, not the whole
 * table; for staff they are uncorrelated, so PostgreSQL runs each once
 * (hashed) and then walks tickets in activity order (see docs/tickets.md).
 */
export function searchCondition(q: string, actor: Actor): SQL {
  const parts: SQL[] = [];
  const number = q.match(/^#?(\d{1,9})$/);
  if (number?.[1]) {
    const n = Number(number[1]);
    // The id stays searchable too: links and older clients name tickets by it.
    parts.push(
      sql`${tickets.number} = ${n}`,
      sql`${tickets.seq} = ${n}`,
      sql`${tickets.id} = ${n}`,
    );
  }
  const ownOnly = actor.isAdmin ? sql`true` : sql`u2.id = ${actor.id}`;
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  parts.push(
    sql`${tickets.ownerId} in (select u2.id from ${users} u2 where ${ownOnly} and lower(u2.username) like lower(${`${escaped}%`}))`,
  );
  const words = (q.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((w) => w.length >= SEARCH_WORD_MIN)
    .slice(0, SEARCH_WORDS_MAX);
  if (words.length) {
    const query = words.map((w) => `${w.toLowerCase()}:*`).join(' & ');
    const ownTickets = actor.isAdmin
      ? sql`true`
      : // Internal notes are staff-only on every read path; without this a prefix search
        // spells out a note's words letter by letter (review N1).
        sql`m.internal = false and m.ticket_id in (select t2.id from ${tickets} t2 where t2.owner_id = ${actor.id})`;
    parts.push(sql`${tickets.id} in (
      select m.ticket_id from ${ticketMessages} m
      where ${ownTickets} and to_tsvector('simple', m.body) @@ to_tsquery('simple', ${query})
    )`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}
