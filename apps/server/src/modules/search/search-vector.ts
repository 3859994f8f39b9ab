import { type SQL, sql } from 'drizzle-orm';
import { searchTokens } from './polish-words';

/** The search tokens of several texts of one row (a ticket's subject, sender name and address). */
export function tokensOfTexts(texts: readonly (string | null | undefined)[]): string[] {
  return searchTokens(texts.filter((text) => text).join('\n'));
}

/**
 * The value of a `search_vector` column for a row's texts: their tokens as
 * one array parameter (not spread into a list) made a `tsvector` by the
 * database, which adds no stemming of its own.
 */
export function searchVectorOf(...texts: (string | null | undefined)[]): SQL {
  return sql`array_to_tsvector(${sql.param(tokensOfTexts(texts))}::text[])`;
}
