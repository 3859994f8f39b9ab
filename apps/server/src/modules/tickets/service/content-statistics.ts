import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';

/**
 * How long the statistics read from the database are used before they are
 * read again. ANALYZE (autovacuum's, as the tickets change) renews them far
 * less often; they only choose the way a staff search finds its candidates.
 */
export const CONTENT_STATISTICS_TTL_MS = 60_000;

/** PostgreSQL's share for a word its statistics do not list, at most (`DEFAULT_TS_MATCH_SEL`). */
const UNLISTED_SHARE_MAX = 0.005;

/** The token columns of `tickets` a staff search finds candidates in: content, and own fields (subject). */
export type TicketTokenColumn = 'content_vector' | 'search_vector';

/**
 * What ANALYZE keeps of a token column of `tickets`: its most common tokens
 * with the share of tickets that have each, and the share of the rarest of
 * them.
 */
interface ColumnStatistics {
  shares: Map<string, number>;
  rarest: number;
}

interface ContentStatistics {
  readAt: number;
  columns: Record<TicketTokenColumn, ColumnStatistics>;
  /** How many tickets ANALYZE counted (`pg_class.reltuples`), 0 before it ran. */
  tickets: number;
}

/** Per database (its root handle: a search reads inside a transaction of it). */
const cache = new WeakMap<object, ContentStatistics>();

/**
 * The share of tickets whose `column` (`content_vector` unless told) the planner expects to match
 * the terms (alternatives OR-ed, terms AND-ed, the prefixes on the last
 * term), estimated the way PostgreSQL estimates a `tsquery`
 * (`tsquerysel`: a listed token's share, else half the rarest listed
 * share but at most 0.5 %; OR and AND as independent events). It used to be
 * asked for with an `explain` and a read of `pg_class` in every search: two
 * round trips a search, 15–20 % of the server's time under load
 * (bench/README.md, search). 0 before the table was first analysed.
 */
export async function contentShare(
  database: Db,
  root: object,
  terms: readonly (readonly string[])[],
  prefixes: readonly string[],
  now = Date.now(),
  column: TicketTokenColumn = 'content_vector',
): Promise<number> {
  const statistics = (await contentStatistics(database, root, now)).columns[column];
  if (statistics.shares.size === 0) return 0;
  const unlisted = Math.min(UNLISTED_SHARE_MAX, statistics.rarest / 2);
  const last = terms.length - 1;
  let share = 1;
  terms.forEach((alternatives, index) => {
    let none = 1;
    for (const token of alternatives) none *= 1 - (statistics.shares.get(token) ?? unlisted);
    if (index === last) {
      for (const prefix of prefixes) {
        none *= 1 - prefixShare(statistics, prefix, unlisted, alternatives);
      }
    }
    share *= 1 - none;
  });
  return share;
}

/**
 * A prefix's share beyond its term's own tokens (`counted`): the listed
 * tokens it begins, added up, at least an unlisted token's. A word typed
 * whole is both a token and the prefix of its longer forms; counting its
 * share twice called a word in 7 % of tickets common (14 %), and its search
 * walked 2,500 vectors to come short (bench/README.md, search, session 23).
 */
function prefixShare(
  statistics: ColumnStatistics,
  prefix: string,
  unlisted: number,
  counted: readonly string[],
): number {
  let sum = 0;
  for (const [token, share] of statistics.shares) {
    if (token.startsWith(prefix) && !counted.includes(token)) sum += share;
  }
  return Math.min(1, Math.max(unlisted, sum));
}

/**
 * How many tickets the planner expects to match the terms in `content_vector`
 * (`contentShare` of ANALYZE's count): 0 before the table was first analysed.
 */
export async function contentMatches(
  database: Db,
  root: object,
  terms: readonly (readonly string[])[],
  prefixes: readonly string[],
): Promise<number> {
  const share = await contentShare(database, root, terms, prefixes);
  return share * (await contentStatistics(database, root, Date.now())).tickets;
}

/** Forgets the statistics read for `root`, so the next search reads them again (tests, after ANALYZE). */
export function forgetContentStatistics(root: object): void {
  cache.delete(root);
}

async function contentStatistics(
  database: Db,
  root: object,
  now: number,
): Promise<ContentStatistics> {
  const cached = cache.get(root);
  if (cached && now - cached.readAt < CONTENT_STATISTICS_TTL_MS) return cached;
  // The element statistics of a tsvector column: the tokens, then their shares
  // followed by the least share, the greatest and the share of empty values.
  const rows = await rowsOf<{
    column: TicketTokenColumn;
    tokens: string[] | null;
    shares: number[] | null;
    tickets: number | null;
  }>(
    database,
    sql`select attname as column, most_common_elems::text::text[] as tokens,
        most_common_elem_freqs as shares,
        (select reltuples from pg_class where oid = to_regclass('tickets'))::float8 as tickets
      from pg_stats where schemaname = current_schema() and tablename = 'tickets'
        and attname in ('content_vector', 'search_vector')`,
  );
  const columnOf = (column: TicketTokenColumn): ColumnStatistics => {
    const row = rows.find((r) => r.column === column);
    const tokens = row?.tokens ?? [];
    const values = (row?.shares ?? []).map(Number);
    const shares = new Map(tokens.map((token, i) => [token, values[i] ?? 0]));
    return { shares, rarest: values[tokens.length] ?? 0 };
  };
  const statistics = {
    readAt: now,
    columns: {
      content_vector: columnOf('content_vector'),
      search_vector: columnOf('search_vector'),
    },
    tickets: Math.max(0, Number(rows[0]?.tickets ?? 0)),
  };
  cache.set(root, statistics);
  return statistics;
}
