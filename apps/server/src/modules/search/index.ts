/**
 * The search module's public entry: Polish words as tokens for an indexed
 * column and for queries (DESIGN.md §7.8, docs/decisions/011-polish-search.md).
 */

export { backfillSearchVectors } from './backfill-search-vectors';
export { writeCompiledDictionary } from './compiled-dictionary';
export { type Excerpt, searchExcerpt } from './excerpt';
export {
  loadPolishDictionary,
  MAX_COMPOUND_CHARS,
  MAX_TEXT_CHARS,
  MAX_WORD_CHARS,
  queryTerms,
  queryTokens,
  type SearchTerms,
  searchTerms,
  searchTokens,
  tsqueryText,
} from './polish-words';
export { type SearchableText, searchableText } from './search-vector';
export { setUpSearch } from './set-up-search';
