import { type SQL, sql } from 'drizzle-orm';
import { searchWords, tickets } from '../../db/schema/index';
import { searchTokens } from './polish-words';

/** The search tokens of several texts of one row (a ticket's subject, sender name and address). */
export function tokensOfTexts(texts: readonly (string | null | undefined)[]): string[] {
  return searchTokens(texts.filter((text) => text).join('\n'));
}

/**
 * What a write of searchable text adds: the row's `search_vector` (`vector`:
 * the tokens as one array parameter, not spread into a list, made a
 * `tsvector` by the database, which adds no stemming of its own), the same tokens
 * for the ticket's `content_vector` (`contentAfter`), and the statement that
 * records them in `search_words` (`words`), to run in the write's transaction.
 */
export interface SearchableText {
  vector: SQL;
  /** `tickets.content_vector` with these tokens added; stays null until the backfill fills it. */
  contentAfter: SQL;
  words: SQL;
}

export function searchableText(...texts: (string | null | undefined)[]): SearchableText {
  const tokens = tokensOfTexts(texts);
  const vector = vectorOfTokens(tokens);
  return {
    vector,
    contentAfter: sql`case when ${tickets.contentVector} is null then null
      else ${tickets.contentVector} || ${vector} end`,
    words: searchWordsInsert(tokens),
  };
}

/**
 * Records tokens as occurring. Sorted, so two writes that bring the same new
 * words take their index entries in the same order and cannot deadlock; a
 * word already there costs one index probe and takes no lock.
 */
export function searchWordsInsert(tokens: readonly string[]): SQL {
  const sorted = [...new Set(tokens)].sort();
  return sql`insert into ${searchWords} (word)
    select unnest(${sql.param(sorted)}::text[]) on conflict do nothing`;
}

function vectorOfTokens(tokens: readonly string[]): SQL {
  return sql`array_to_tsvector(${sql.param(tokens)}::text[])`;
}
