import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import { ticketMessages, tickets, users } from '../../../db/schema/index';
import { type SearchTerms, searchTerms, tsqueryText } from '../../search/index';
import type { Actor } from './rules';

/** Words of a query searched; the rest is left out (each costs an index look-up). */
export const SEARCH_WORDS_MAX = 8;
/** PostgreSQL stops a search after this; the client gets a 500 rather than a stuck server. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5000;
/** Deepest result a search pages to: nobody reads a thousand results, and an offset costs what it skips. */
export const SEARCH_OFFSET_MAX = 1000;
/**
 * A search ranks the tickets of the newest this many matching messages, and
 * the newest this many tickets whose own fields match (besides number and
 * customer matches). Ranking every match cost seconds at a million messages
 * when a word is common (bench/README.md, search): the newest matches are
 * found by walking messages newest first, which stops early exactly when a
 * word is common. A ticket whose only match is older than that many newer
 * matches is not found by that word; a rarer word finds it.
 */
export const SEARCH_CANDIDATES_MAX = 2000;

/**
 * Points of a result, added up (DESIGN.md §7.8, docs/tickets.md „Search”):
 * the ticket's number beats its customer, the customer the subject, the
 * subject a message; a match of the words as typed beats one found only
 * through a typo or a word's beginning. Equal scores keep activity order.
 */
const SCORE = {
  number: 100,
  person: 50,
  subject: 20,
  subjectLoose: 10,
  message: 8,
  messageLoose: 4,
} as const;

export interface RankedTicket {
  id: number;
  /** The best message matched (as typed first, then newest); null when only the ticket itself matched. */
  messageId: number | null;
}

/**
 * The search as SQL, for the list (`rankTickets`) and the staff tab counts:
 * common table expressions ending in `found` (the ids of the tickets that
 * match `q`), the `join` that brings each one's best message (`best_id`) and
 * the `score` to order by. Null when `q` has nothing to search by.
 *
 * `q` matches each word in its Polish forms (src/modules/search) in a
 * message's body or the ticket's subject and inquiry sender, a ticket number
 * (studio-wide `#1042`, the owner's seq, or the id), and, for staff, the
 * customer: username by its beginning, e-mail address whole or by domain.
 * All words must be in one message, or all in the ticket's own fields.
 *
 * A customer's search is confined to their own tickets and public messages
 * (finding 16; internal notes never, review N1), so it costs what their own
 * tickets cost; for staff each part runs once, uncorrelated.
 */
export function searchQuery(actor: Actor, q: string): SearchQuery | null {
  const terms = searchTerms(q, SEARCH_WORDS_MAX);
  const exact = tsqueryText(terms.exact);
  const loose = tsqueryText(terms.loose, terms.prefixes);
  const own = actor.isAdmin ? sql`true` : sql`t2.owner_id = ${actor.id}`;

  const parts: SQL[] = [];
  const candidates: SQL[] = [];
  const score: SQL[] = [];
  if (exact !== '') {
    const visible = actor.isAdmin
      ? sql``
      : // Internal notes are staff-only on every read path (review N1).
        sql` and m.internal = false and m.ticket_id in (select t2.id from ${tickets} t2 where ${own})`;
    // The newest matching messages only (SEARCH_CANDIDATES_MAX): a common word is in most
    // messages, and ranking all of them read the whole table (bench/README.md, search).
    parts.push(
      sql`best as (
        select distinct on (recent.ticket_id) recent.ticket_id, recent.id, recent.exact
        from (
          select m.ticket_id, m.id, m.search_vector @@ ${exact}::tsquery as exact
          from ${ticketMessages} m
          where m.search_vector @@ ${loose}::tsquery${visible}
          order by m.id desc
          limit ${SEARCH_CANDIDATES_MAX}
        ) recent
        order by recent.ticket_id, recent.exact desc, recent.id desc
      )`,
    );
    candidates.push(
      sql`select ticket_id as id from best`,
      sql`(select t2.id from ${tickets} t2 where ${own} and t2.search_vector @@ ${loose}::tsquery
        order by t2.last_activity_at desc, t2.id desc limit ${SEARCH_CANDIDATES_MAX})`,
    );
    score.push(
      sql`case when ${tickets.searchVector} @@ ${exact}::tsquery then ${SCORE.subject}
        when ${tickets.searchVector} @@ ${loose}::tsquery then ${SCORE.subjectLoose} else 0 end`,
      sql`case when best.exact then ${SCORE.message}
        when best.id is not null then ${SCORE.messageLoose} else 0 end`,
    );
  }
  const number = ticketNumber(q);
  if (number !== null) {
    const isNumber = sql`(t2.number = ${number} or t2.seq = ${number} or t2.id = ${number})`;
    candidates.push(sql`select t2.id from ${tickets} t2 where ${own} and ${isNumber}`);
    score.push(
      sql`case when ${tickets.number} = ${number} or ${tickets.seq} = ${number} or ${tickets.id} = ${number}
        then ${SCORE.number} else 0 end`,
    );
  }
  const person = actor.isAdmin ? personCondition(q) : null;
  if (person !== null) {
    parts.push(sql`people as (select u2.id from ${users} u2 where ${person})`);
    candidates.push(
      sql`select t2.id from ${tickets} t2 where t2.owner_id in (select id from people)`,
    );
    score.push(
      sql`case when ${tickets.ownerId} in (select id from people) then ${SCORE.person} else 0 end`,
    );
  }
  if (candidates.length === 0) return null;
  parts.push(sql`found as (${sql.join(candidates, sql` union `)})`);
  const hasBest = exact !== '';
  return {
    ctes: sql.join(parts, sql`, `),
    join: hasBest
      ? sql`join found on found.id = ${tickets.id} left join best on best.ticket_id = ${tickets.id}`
      : sql`join found on found.id = ${tickets.id}`,
    bestId: hasBest ? sql`best.id` : sql`null::bigint`,
    score: sql.join(score, sql` + `),
    terms,
  };
}

export interface SearchQuery {
  ctes: SQL;
  join: SQL;
  bestId: SQL;
  score: SQL;
  terms: SearchTerms;
}

/** One page of the tickets that match `q`, best first, then by activity. */
export async function rankTickets(
  database: Db,
  input: { actor: Actor; q: string; conditions: SQL[]; limit: number; offset: number },
): Promise<{ ranked: RankedTicket[]; terms: SearchTerms | null }> {
  const { actor } = input;
  const search = searchQuery(actor, input.q);
  if (search === null) return { ranked: [], terms: null };
  const planned = await planSearch(database, search.terms);
  const where = actor.isAdmin
    ? input.conditions
    : [sql`${tickets.ownerId} = ${actor.id}`, ...input.conditions];
  const rows = await rowsOf<{ id: number; message_id: number | string | null }>(
    database,
    sql`with ${search.ctes}
      select ${tickets.id} as id, ${search.bestId} as message_id
      from ${tickets} ${search.join}
      ${where.length > 0 ? sql`where ${and(...where)}` : sql``}
      order by ${search.score} desc, ${tickets.lastActivityAt} desc, ${tickets.id} desc
      limit ${input.limit} offset ${input.offset}`,
  );
  await planned.done();
  return {
    // int8 comes back as a string from node-postgres.
    ranked: rows.map((row) => ({
      id: Number(row.id),
      messageId: row.message_id === null ? null : Number(row.message_id),
    })),
    terms: search.terms,
  };
}

/**
 * Settings for a statement that uses `searchQuery` with these terms, local
 * to the search's read-only transaction; `done()` gives the statements after
 * it the usual plans (measured in bench/README.md, search):
 * - No JIT compilation. A search over many messages costs enough in the
 *   planner's units that PostgreSQL compiles it (jit_above_cost), which took
 *   0.5–1.5 s for a query that runs in 10–40 ms.
 * - A typo query ORs the several hundred words one edit away from the unknown
 *   word (typos.ts). PostgreSQL keeps no statistics for words that occur
 *   nowhere and prices each at a default share of the rows, so it expects a
 *   good part of the table to match such an OR, and reads every message (or
 *   a whole index, for its order) testing each against the whole list: about
 *   50 µs a message, seconds at 100,000. The GIN index finds the few that
 *   match in milliseconds, so for it plain scans are priced out.
 */
export async function planSearch(
  database: Db,
  terms: SearchTerms,
): Promise<{ done: () => Promise<void> }> {
  await database.execute(sql`set local jit = off`);
  const widened = terms.loose.some(
    (alternatives, i) => alternatives.length > (terms.exact[i]?.length ?? 0),
  );
  if (!widened) return { done: async () => {} };
  await database.execute(sql`set local enable_seqscan = off`);
  await database.execute(sql`set local enable_indexscan = off`);
  return {
    done: async () => {
      await database.execute(sql`set local enable_seqscan = on`);
      await database.execute(sql`set local enable_indexscan = on`);
    },
  };
}

/** `#1042`, `1042`: a number a ticket may have. */
function ticketNumber(q: string): number | null {
  const match = q.match(/^#?(\d{1,9})$/);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * Staff find a customer by username (its beginning), by e-mail address
 * (whole), or by the domain of their address („firma.pl” finds
 * jan@firma.pl and ola@biuro.firma.pl). A query of several words is no one's
 * username or address.
 */
function personCondition(q: string): SQL | null {
  if (/\s/.test(q)) return null;
  const lower = q.toLowerCase();
  const escaped = lower.replace(/[\\%_]/g, (c) => `\\${c}`);
  const conditions: SQL[] = [sql`lower(u2.username) like ${`${escaped}%`}`];
  if (lower.includes('@')) conditions.push(sql`lower(u2.email) = ${lower}`);
  else if (/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u.test(lower)) {
    conditions.push(
      sql`lower(u2.email) like ${`%@${escaped}`}`,
      sql`lower(u2.email) like ${`%.${escaped}`}`,
    );
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}
