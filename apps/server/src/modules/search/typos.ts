/**
 * Typos for search (issue 30): the words one edit away from a word, where an
 * edit is one letter wrong, missing or extra, or two neighbours swapped
 * (Damerau–Levenshtein distance 1). Computed over the folded alphabet
 * (tokens have no diacritics), so a seven-letter word has about 400.
 *
 * Generating the neighbours and looking them up where the words are indexed
 * needs no trigram index: the same GIN index answers them, identically on
 * PGlite and PostgreSQL (docs/decisions/011-polish-search.md).
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

export function oneEditAway(word: string): Set<string> {
  const variants = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const before = word.slice(0, i);
    const after = word.slice(i);
    for (const letter of ALPHABET) variants.add(before + letter + after);
    if (i < word.length) {
      const rest = word.slice(i + 1);
      variants.add(before + rest);
      for (const letter of ALPHABET) variants.add(before + letter + rest);
      if (i + 1 < word.length)
        variants.add(before + (word[i + 1] as string) + (word[i] as string) + word.slice(i + 2));
    }
  }
  variants.delete(word);
  return variants;
}
