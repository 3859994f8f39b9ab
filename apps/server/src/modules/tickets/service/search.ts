import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import { searchWords, ticketMessages, tickets, users } from '../../../db/schema/index';
import {
  applyTransactionSettings,
  type TransactionSettings,
} from '../../../db/transaction-settings';
import { type SearchTerms, searchTerms, tsqueryText } from '../../search/index';
import { contentMatches, contentShare } from './content-statistics';
import type { Actor } from './rules';

/** Words of a query searched; the rest is left out (each costs an index look-up). */
export const SEARCH_WORDS_MAX = 8;
/** PostgreSQL stops a search after this; the client gets a 500 rather than a stuck server. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5000;
/**
 * A staff search ranks the newest this many tickets whose content has the
 * words, the newest this many whose own fields have them and the newest this
 * many of the customers it names (besides number matches). Ranking every match cost seconds at a million
 * messages when a word is common (bench/README.md, search). A ticket older
 * than that many newer matches is not found by that word; a rarer word beside
 * it finds it. It is also the deepest result a search reaches.
 */
export const SEARCH_CANDIDATES_MAX = 250;
/** Deepest offset a search pages to (`SEARCH_CANDIDATES_MAX` results in all). */
export const SEARCH_OFFSET_MAX = 200;
/**
 * How many of the most recently active tickets a staff search tests one by
 * one for a common word (`contentCandidates`): one in 10 % of tickets or more
 * fills the candidates within them.
 */
const CONTENT_WALK_ROWS = SEARCH_CANDIDATES_MAX * 10;
/**
 * At most this many tickets expected to have the words as typed, the GIN way
 * tells which of its newest matches have them from the index
 * (`contentCandidates`): one row's page each, against some eight pages a
 * vector for up to SEARCH_CANDIDATES_MAX vectors.
 */
export const TYPED_BY_INDEX_MAX = SEARCH_CANDIDATES_MAX * 8;

/**
 * A count written into the statement's text rather than sent as a value.
 * The search statement is prepared once per connection and planned for any
 * values (`selectRankedTicketItems`): with `limit $1` the planner cannot tell
 * 26 rows from 100,000 and joined the page to every ticket.
 */
function literal(count: number): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`not a count: ${count}`);
  return sql.raw(String(count));
}
const CANDIDATES = literal(SEARCH_CANDIDATES_MAX);

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

/**
 * What a search's transaction sets, local to it (`applyTransactionSettings`;
 * a list that knows beforehand it will search sets them with its snapshot:
 * list-tickets.ts `listSettings`).
 */
export function searchSettings(planOnce: boolean): TransactionSettings {
  // Finding 16: a search that runs away is stopped by PostgreSQL (local to the
  // caller's read-only transaction). And a search over many rows costs enough
  // in the planner's units that PostgreSQL compiles it (jit_above_cost):
  // 0.5–1.5 s for a query that runs in 10–40 ms. And no sequential scans:
  // the planner does not price reading a ticket's out-of-line vector, so on a
  // small table (PGlite's 10,000 tickets) it read them all for a word the GIN
  // index lists in a few (100 ms instead of 10); every statement of a search
  // reads by an index. And with `planOnce` (a staff list's statement, prepared
  // by `selectRankedTicketItems`), the plan made once for any values is used
  // every time: planning anew cost 2–3 ms a search, and the statement's text
  // fixes its way (the candidates' ways chosen here, counts as literals).
  return {
    statement_timeout: String(SEARCH_STATEMENT_TIMEOUT_MS),
    jit: 'off',
    enable_seqscan: 'off',
    plan_cache_mode: planOnce ? 'force_generic_plan' : 'auto',
  };
}

/**
 * A search prepared for one statement: the query's terms with a typo's
 * alternatives narrowed to words that occur (`search_words`), JIT off for the
 * statement's transaction, and the SQL parts (`searchQuery`), the way to a
 * staff search's content candidates chosen (`contentCandidates`). Null when `q`
 * has nothing to search by. `root` is the database `database` is a
 * transaction of (ctx.deps.db): the statistics of a staff search are kept
 * per database (`content-statistics.ts`).
 */
export async function prepareSearch(
  database: Db,
  actor: Actor,
  q: string,
  root: object = database,
  planOnce = false,
): Promise<SearchQuery | null> {
  await applyTransactionSettings(database, searchSettings(planOnce));
  const terms = await occurringTerms(database, searchTerms(q, SEARCH_WORDS_MAX));
  const content =
    actor.isAdmin && tsqueryText(terms.exact) !== ''
      ? sql`${await subjectCandidates(database, root, terms)}, ${await contentCandidates(database, root, terms)}`
      : null;
  return searchQuery(actor, q, terms, content);
}

/**
 * The newest SEARCH_CANDIDATES_MAX tickets whose own fields (`search_vector`:
 * subject, sender) match the loose terms, with their points (subject 20,
 * loose 10), as `subject (id, activity, owner_id, points)`: a staff search.
 * The way is chosen as for the content (`contentCandidates`, from ANALYZE's
 * statistics), not by the planner: the statement is planned once for any
 * words (`selectRankedTicketItems`), and one plan read 20,000 subjects
 * through the index for a common word or walked every ticket for a rare one.
 * The vector is small and stored in the row, so walking costs little.
 */
async function subjectCandidates(database: Db, root: object, terms: SearchTerms): Promise<SQL> {
  const exact = tsqueryText(terms.exact);
  const loose = tsqueryText(terms.loose, terms.prefixes);
  const points = (row: SQL) => sql`case when ${row}.search_vector @@ ${exact}::tsquery
    then ${SCORE.subject}::int else ${SCORE.subjectLoose}::int end`;
  // `offset 0` keeps the index's matches apart from the order, so the plan reads them by the index.
  const indexed = sql`select * from (select t2.id, t2.last_activity_at as activity, t2.owner_id,
        ${points(sql`t2`)} as points
      from ${tickets} t2 where t2.search_vector @@ ${loose}::tsquery offset 0) subject_matches
    order by activity desc, id desc limit ${CANDIDATES}`;
  const share = await contentShare(
    database,
    root,
    terms.loose,
    terms.prefixes,
    undefined,
    'search_vector',
  );
  if (share < 0.1) return sql`subject as (${indexed})`;
  const filled = sql`(select count(*) from subject_walked) >= ${CANDIDATES}`;
  return sql`subject_walked as materialized (
      select recent.id, recent.activity, recent.owner_id, ${points(sql`recent`)} as points
      from (select t2.id, t2.last_activity_at as activity, t2.owner_id, t2.search_vector from ${tickets} t2
            order by t2.last_activity_at desc, t2.id desc limit ${literal(CONTENT_WALK_ROWS)}) recent
      where recent.search_vector @@ ${loose}::tsquery
      limit ${CANDIDATES}
    ), subject as (
      select * from subject_walked where ${filled}
      union all
      select * from (${indexed}) by_index where not ${filled}
    )`;
}

/**
 * The tickets whose `content_vector` matches the loose terms (staff search),
 * newest SEARCH_CANDIDATES_MAX of them, as a common table expression
 * `content (id, activity, owner_id, exact)`, `exact` when they have the words
 * as typed. Testing a ticket means reading its vector, stored out of line
 * when long (about 40 µs a ticket at a million messages), so the way must
 * fit the word, and PostgreSQL's choice did not: ordered by activity, it
 * walked all 100,000 tickets for a word in 115 of them (4.2 s,
 * bench/README.md). The way is chosen here, from ANALYZE's statistics:
 * - a word they say is in at least a tenth of the tickets: test the most
 *   recently active tickets in order, at most CONTENT_WALK_ROWS of them,
 *   which fills the candidates early (`walked`);
 * - a rarer word, or one the walk did not fill up with: every match from the
 *   GIN index (materialised first, so no order can lead the planner to walk
 *   instead), cheap exactly because they are few; then the newest.
 * Both in the one statement: the index's way runs only when the walk came
 * short (a one-time filter), so a search makes one round trip either way.
 */
async function contentCandidates(database: Db, root: object, terms: SearchTerms): Promise<SQL> {
  const exact = tsqueryText(terms.exact);
  const loose = tsqueryText(terms.loose, terms.prefixes);
  // Which of the index's newest matches have the words as typed, when the
  // loose terms are wider. Reading a vector (out of line, through the TOAST
  // index) costs some eight pages, so 250 of them cost more than the index's
  // own list of the tickets with the words as typed when few have them
  // (`typed`: their rows' pages, the vectors unread); else the newest
  // matches' vectors, read by id.
  const typedByIndex =
    exact !== loose &&
    (await contentMatches(database, root, terms.exact, [])) <= TYPED_BY_INDEX_MAX;
  const asTyped =
    exact === loose
      ? sql`true`
      : typedByIndex
        ? sql`newest.id in (select id from typed)`
        : sql`(select t3.content_vector from ${tickets} t3
        where t3.id = newest.id) @@ ${exact}::tsquery`;
  const indexed = sql`select newest.id, newest.activity, newest.owner_id, ${asTyped} as exact
    from (select id, activity, owner_id from matching
          order by activity desc, id desc limit ${CANDIDATES}) newest`;
  const typed = sql`, typed as materialized (
      select t3.id from ${tickets} t3 where t3.content_vector @@ ${exact}::tsquery
    )`;
  const matching = sql`matching as materialized (
      select t2.id, t2.last_activity_at as activity, t2.owner_id from ${tickets} t2
      where t2.content_vector @@ ${loose}::tsquery
    )${typedByIndex ? typed : sql``}`;
  if ((await contentShare(database, root, terms.loose, terms.prefixes)) < 0.1) {
    return sql`${matching}, content as (${indexed})`;
  }
  const filled = sql`(select count(*) from walked) >= ${CANDIDATES}`;
  // Each test of a stored vector reads it out of line again: with the words
  // as typed the only terms, one test.
  const walkedExact = exact === loose ? sql`true` : sql`recent.vector @@ ${exact}::tsquery`;
  return sql`walked as materialized (
      select recent.id, recent.activity, recent.owner_id, ${walkedExact} as exact
      from (select t2.id, t2.last_activity_at as activity, t2.owner_id, t2.content_vector as vector
            from ${tickets} t2
            order by t2.last_activity_at desc, t2.id desc limit ${literal(CONTENT_WALK_ROWS)}) recent
      where recent.vector @@ ${loose}::tsquery
      limit ${CANDIDATES}
    ), ${matching}, content as (
      select * from walked where ${filled}
      union all
      select * from (${indexed}) by_index where not ${filled}
    )`;
}

/**
 * The search as SQL, for the list (`rankedPage`) and the staff tab counts:
 * common table expressions ending in `found (id, activity, score)`, the
 * tickets that match `q` with their points, and the `join` that keeps those.
 *
 * `q` matches each word in its Polish forms (src/modules/search), a ticket
 * number (studio-wide `#1042`, the owner's seq, or the id), and, for staff,
 * the customer: username by its beginning, e-mail address whole or by domain.
 *
 * Staff search the tickets' `content_vector` (own fields and every message,
 * notes included): all words somewhere in the ticket. A customer's search is
 * confined to their own tickets' own fields and public messages (finding 16;
 * internal notes never, review N1): all words in the ticket's own fields or
 * in one message. It costs what their own tickets cost.
 *
 * Each way of matching gives its candidates with the points they earn by it
 * (SCORE), read where the candidate is found; `found` adds them up per
 * ticket. So ranking reads no ticket again: looking up 500–750 candidates by
 * their key to score them was half the time of a search (bench/README.md).
 * A staff candidate's subject points need no second look either: the subject
 * is part of `content_vector`, so a ticket among the newest content matches
 * whose subject matches is among the newest subject matches too.
 */
function searchQuery(
  actor: Actor,
  q: string,
  terms: SearchTerms,
  content: SQL | null,
): SearchQuery | null {
  const exact = tsqueryText(terms.exact);
  const loose = tsqueryText(terms.loose, terms.prefixes);
  const parts: SQL[] = [];
  const candidates: SQL[] = [];
  const ticket = sql`t2.id, t2.last_activity_at as activity, t2.owner_id`;
  const newest = sql`order by t2.last_activity_at desc, t2.id desc`;
  // Every part of a customer's search stays within their own tickets (finding 16).
  const own = actor.isAdmin ? sql`true` : sql`t2.owner_id = ${actor.id}`;
  if (exact !== '') {
    if (content) {
      // Found with the rest (subjectCandidates, contentCandidates): the ways to them chosen before.
      parts.push(content);
      candidates.push(
        sql`select id, activity, owner_id, points from subject`,
        sql`select id, activity, owner_id, case when exact then ${SCORE.message}::int
          else ${SCORE.messageLoose}::int end from content`,
      );
    } else {
      // A customer's subject matches are all ranked (their own tickets are few), so
      // the points of one found by a message never miss a subject match.
      candidates.push(
        sql`select ${ticket}, case when t2.search_vector @@ ${exact}::tsquery then ${SCORE.subject}::int
            else ${SCORE.subjectLoose}::int end as points
          from ${tickets} t2 where ${own} and t2.search_vector @@ ${loose}::tsquery`,
      );
      const publicMessage = (query: string) =>
        sql`exists (select 1 from ${ticketMessages} m where m.ticket_id = t2.id
          and m.internal = false and m.search_vector @@ ${query}::tsquery)`;
      candidates.push(
        sql`select ${ticket}, case when ${publicMessage(exact)} then ${SCORE.message}::int
          else ${SCORE.messageLoose}::int end
        from ${tickets} t2 where t2.owner_id = ${actor.id} and ${publicMessage(loose)}`,
      );
    }
  }
  const number = ticketNumber(q);
  if (number !== null) {
    candidates.push(
      sql`select ${ticket}, ${SCORE.number}::int from ${tickets} t2
        where ${own} and (t2.number = ${number} or t2.seq = ${number} or t2.id = ${number})`,
    );
  }
  const person = actor.isAdmin ? personCondition(q) : null;
  if (person !== null) {
    parts.push(sql`people as (select u2.id from ${users} u2 where ${person})`);
    // A word begins many usernames (422 of the bench's for „white”): their
    // newest tickets only, like the other candidates, or the ranking read
    // every ticket to join thousands (58 ms a search). Their points are added
    // to every candidate of theirs below, however it was found.
    candidates.push(
      sql`(select ${ticket}, 0 from ${tickets} t2 where t2.owner_id in (select id from people)
        ${newest} limit ${CANDIDATES})`,
    );
  }
  if (candidates.length === 0) return null;
  const personPoints =
    person === null
      ? sql``
      : sql` + case when max(owner_id) in (select id from people) then ${SCORE.person}::int else 0 end`;
  parts.push(
    sql`found as (select id, max(activity) as activity, sum(points)${personPoints} as score
      from (${sql.join(candidates, sql` union all `)}) as candidate(id, activity, owner_id, points)
      group by id)`,
  );
  return {
    ctes: sql.join(parts, sql`, `),
    join: sql`join found on found.id = ${tickets.id}`,
    terms,
  };
}

export interface SearchQuery {
  ctes: SQL;
  join: SQL;
  terms: SearchTerms;
}

/**
 * One page of the tickets that match `q`, best first, then by activity, each
 * with its best message, as a derived table `(id, score, activity,
 * message_id, body)` for the list's one statement (`selectRankedTicketItems`):
 * the search, its ranking and the items in one round trip.
 */
export async function rankedPage(
  database: Db,
  input: {
    actor: Actor;
    q: string;
    conditions: SQL[];
    limit: number;
    offset: number;
    root: object;
  },
): Promise<{ page: SQL; terms: SearchTerms } | null> {
  const { actor } = input;
  const search = await prepareSearch(database, actor, input.q, input.root, actor.isAdmin);
  if (search === null) return null;
  // Staff filters need the ticket's own columns; without them the points are all it takes.
  const filtered =
    input.conditions.length > 0
      ? sql`join ${tickets} on ${tickets.id} = found.id where ${and(...input.conditions)}`
      : sql``;
  const best = bestMessage(actor, search.terms);
  return {
    page: sql`(with ${search.ctes}, page as (
        select found.id, found.score, found.activity from found ${filtered}
        order by found.score desc, found.activity desc, found.id desc
        limit ${literal(input.limit)} offset ${literal(input.offset)}
      )
      select page.id, page.score, page.activity, best.id as message_id, best.body from page
      ${best ? sql`left join lateral (${best}) best on true` : sql`cross join (select null::bigint as id, null::text as body) best`})`,
    terms: search.terms,
  };
}

/**
 * The message of `page.id` to show and jump to, with its text for the
 * excerpt: one with all the words as typed, else all the words in some form,
 * else the most words, newest first among equals; only public ones for a
 * customer. Reads that ticket's messages (ticket_messages_ticket_idx), nothing
 * else. Null when the query has no words (a number or an address only).
 */
function bestMessage(actor: Actor, terms: SearchTerms): SQL | null {
  const exact = tsqueryText(terms.exact);
  if (exact === '') return null;
  const loose = tsqueryText(terms.loose, terms.prefixes);
  const anyWord = tsqueryText([terms.loose.flat()], terms.prefixes);
  const last = terms.loose.length - 1;
  const wordsMatched = terms.loose
    .map((alternatives, i) => tsqueryText([alternatives], i === last ? terms.prefixes : []))
    .filter((query) => query !== '')
    .map((query) => sql`(m.search_vector @@ ${query}::tsquery)::int`);
  const visible = actor.isAdmin ? sql`` : sql` and m.internal = false`;
  return sql`select m.id, m.body from ${ticketMessages} m
    where m.ticket_id = page.id and m.search_vector @@ ${anyWord}::tsquery${visible}
    order by m.search_vector @@ ${exact}::tsquery desc, m.search_vector @@ ${loose}::tsquery desc,
      ${sql.join(wordsMatched, sql` + `)} desc, m.id desc
    limit 1`;
}

/**
 * The terms with each typo's alternatives (the words one edit from an
 * unknown word, several hundred: search/typos.ts) narrowed to those that
 * occur in some message or ticket (`search_words`). The query then ORs a few
 * real words the planner has statistics for; with all of them it priced each
 * unknown word blind, expected much of the table to match and read every
 * row, testing each against the whole list (bench/README.md, search).
 */
async function occurringTerms(database: Db, terms: SearchTerms): Promise<SearchTerms> {
  const typos = terms.loose.flatMap((alternatives, i) => {
    const asTyped = new Set(terms.exact[i]);
    return alternatives.filter((token) => !asTyped.has(token));
  });
  if (typos.length === 0) return terms;
  const rows = await rowsOf<{ word: string }>(
    database,
    sql`select word from ${searchWords} where word = any(${sql.param(typos)}::text[])`,
  );
  const occurring = new Set(rows.map((row) => row.word));
  return {
    ...terms,
    loose: terms.loose.map((alternatives, i) => {
      const asTyped = new Set(terms.exact[i]);
      return alternatives.filter((token) => asTyped.has(token) || occurring.has(token));
    }),
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
  // The range lets the plan made for any value use the prefix index (a `like`
  // with a value uses it only when planned for that value); the `like` says
  // exactly what matches. U+10FFFF sorts after every character (bytewise).
  const conditions: SQL[] = [
    sql`(lower(u2.username) ~>=~ ${lower} and lower(u2.username) ~<~ ${`${lower}\u{10FFFF}`}
      and lower(u2.username) like ${`${escaped}%`})`,
  ];
  if (lower.includes('@')) conditions.push(sql`lower(u2.email) = ${lower}`);
  else if (/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u.test(lower)) {
    conditions.push(
      sql`lower(u2.email) like ${`%@${escaped}`}`,
      sql`lower(u2.email) like ${`%.${escaped}`}`,
    );
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}
