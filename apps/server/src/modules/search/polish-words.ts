/**
 * Polish words for search: what goes into a message's indexed column, and
 * what a query word may match there (docs/decisions/011-polish-search.md).
 *
 * Every word becomes the lemmas it may be a form of, lowercase with
 * diacritics folded: „fakturę”, „faktury”, „FAKTURAMI” and „fakturze” all
 * give `faktura`; „wysłałem” and „wyślę” give `wyslac`; „zolty” and
 * „żółtego” give `zolty`. The lemmas come from Hunspell's Polish dictionary
 * (sjp.pl, npm package dictionary-pl) read as an analyser (`hunspell.ts`); a
 * word the dictionary does not know (a surname, a brand, a typo) stands for
 * itself, folded, and for a guessed stem without its case ending
 * („Brzęczyszczykiewicza” → `brzeczyszczykiewicz`). A form shared by two
 * lemmas („mają”: maj, maić) gives both, so either finds it. A negated form
 * („niezapłaconej”) has the negated lemma (`niezaplacony`), which
 * „zapłacony” does not find.
 *
 * Addresses and domains are kept whole besides their words
 * („kowalski@firma.pl” gives `kowalski@firma.pl`, `firma.pl`, `kowalski`,
 * `firma`), hyphenated words whole and by parts, numbers and words with
 * digits as they are.
 *
 * The text is a stranger's: it is scanned once, character by character, with
 * no regular expression but single-character tests; a word costs a bounded
 * number of look-ups (`Analyser`), words longer than MAX_WORD_CHARS are left
 * out, and at most MAX_TEXT_CHARS characters of a text are read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { polishDictionaryDirectory, polishEntries } from './compiled-dictionary';
import { Analyser, foldWord, parseAffixes } from './hunspell';
import { oneEditAway } from './typos';

/** Longest word analysed (the longest Polish words have about 40 letters); longer runs are codes or junk. */
export const MAX_WORD_CHARS = 64;
/** Longest address or dotted name kept whole (an e-mail address has at most 254 characters). */
export const MAX_COMPOUND_CHARS = 254;
/** Beyond this a text is not read: a message keeps 10,000 characters, a subject far fewer. */
export const MAX_TEXT_CHARS = 100_000;

let analyser: Analyser | null = null;

/**
 * The dictionary, read on first use (8.5 MB; about 20 ms from the file the
 * build compiles, about 0.3 s without it, `compiled-dictionary.ts`): a
 * process that never searches or writes a message never pays for it.
 */
export function loadPolishDictionary(): Analyser {
  if (analyser === null) {
    const directory = polishDictionaryDirectory();
    const affixes = parseAffixes(readFileSync(join(directory, 'index.aff'), 'utf8'));
    analyser = new Analyser(polishEntries(directory), affixes);
  }
  return analyser;
}

/** Lemmas tokenised by the warm-up, spread over the dictionary. */
const WARM_UP_WORDS = 1_000;
/** Words a warm-up step tokenises before the requests waiting meanwhile are served. */
const WARM_UP_STEP_WORDS = 50;

/**
 * Loads the dictionary and warms the analysis up, for the server to call once
 * it listens. V8 optimises the tokenizer and the analysis only after several
 * hundred words; until then a word costs about 150 µs instead of 20, and a
 * first long message would take a quarter of a second. Tokenising dictionary
 * words ten times over costs about 0.1 s once, done here in steps of a few
 * milliseconds between which requests are answered (a start is not slower);
 * it ends early once `stopped` says so (the server closing).
 */
export async function warmUpPolishDictionary(stopped: () => boolean): Promise<void> {
  const words = loadPolishDictionary().sampleLemmas(WARM_UP_WORDS);
  words.push('kowalski@firma.pl', 'biało-czerwony', '1042');
  for (let round = 0; round < 10; round++) {
    for (let at = 0; at < words.length; at += WARM_UP_STEP_WORDS) {
      if (stopped()) return;
      searchTokens(words.slice(at, at + WARM_UP_STEP_WORDS).join(', '));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

/** The tokens of a text for the indexed column: distinct, lowercase, diacritics folded. */
export function searchTokens(text: string): string[] {
  const tokens = new Set<string>();
  const seen = new Set<string>();
  for (const segment of segments(text)) {
    for (const literal of literalTokens(segment)) tokens.add(literal);
    for (const word of wordsOf(segment)) {
      if (seen.has(word)) continue;
      seen.add(word);
      for (const token of wordTokens(word)) tokens.add(token);
    }
  }
  return [...tokens];
}

/**
 * The tokens one query word may match, to be OR-ed: the lemmas of a word, or
 * the whole of an address, domain or hyphenated word. Empty for punctuation.
 */
export function queryTokens(word: string): string[] {
  const terms = queryTerms(word);
  if (terms.length === 1) return terms[0] ?? [];
  // Several words in one („biało-czerwony”): the whole is what identifies it.
  const [segment] = segments(word);
  return segment === undefined ? [] : [foldWord(segment)];
}

/**
 * A query split the way texts are: one list of alternatives (OR) per word,
 * all lists required (AND). An address or a domain is one term, matched
 * whole; a hyphenated word is a term per part, so „biało-czerwoną” finds
 * „biało-czerwony” too.
 */
export function queryTerms(query: string): string[][] {
  const terms: string[][] = [];
  for (const segment of segments(query)) {
    if (segment.includes('@') || isDomain(segment)) {
      terms.push([foldWord(segment)]);
      continue;
    }
    for (const word of wordsOf(segment)) terms.push([...wordTokens(word)]);
  }
  return terms;
}

/** Shortest query word a typo is looked for in: shorter ones have too many neighbours. */
export const TYPO_MIN_CHARS = 5;
/** Shortest last word also matched as the start of a word (a query typed so far). */
export const PREFIX_MIN_CHARS = 3;

/**
 * A query as a search runs it (DESIGN.md §7.8): `exact`, the terms of
 * `queryTerms`; `loose`, the same terms widened by what a person typing may
 * have meant: a word of TYPO_MIN_CHARS letters or more that the dictionary
 * does not know also stands for the words one letter away from it (one
 * letter wrong, missing, extra, or two swapped; `typos.ts`), and the last
 * word for any word it begins („faktu” while „faktura” is being typed).
 * Results of `exact` rank above those found only by `loose`.
 */
export interface SearchTerms {
  exact: string[][];
  loose: string[][];
  /** Last-word prefixes of `loose`, folded. */
  prefixes: string[];
}

export function searchTerms(query: string, maxTerms: number): SearchTerms {
  const exact: string[][] = [];
  const loose: string[][] = [];
  let lastWord: string | null = null;
  for (const segment of segments(query)) {
    if (exact.length >= maxTerms) break;
    if (segment.includes('@') || isDomain(segment)) {
      const whole = [foldWord(segment)];
      exact.push(whole);
      loose.push(whole);
      lastWord = null;
      continue;
    }
    for (const word of wordsOf(segment)) {
      if (exact.length >= maxTerms) break;
      const tokens = wordTokens(word);
      exact.push(tokens);
      loose.push([...new Set([...tokens, ...typoTokens(word)])]);
      lastWord = word;
    }
  }
  const prefix = lastWord === null ? '' : foldWord(lastWord);
  const prefixes =
    prefix.length >= PREFIX_MIN_CHARS && !hasDigit(prefix) && loose.length > 0 ? [prefix] : [];
  return { exact, loose, prefixes };
}

/**
 * Typo words whose alternatives were worked out lately, newest last. Each
 * costs some 400 look-ups in the dictionary (about 8 ms, half of a typo
 * search's time in the server, bench/README.md, search), and the same word
 * comes back as a search is typed further, paged or repeated. The
 * alternatives depend on the dictionary only, so they never go stale; at most
 * MAX_CACHED_TYPOS words of about 400 short strings each (≤ 5 MB).
 */
const typosOf = new Map<string, string[]>();
const MAX_CACHED_TYPOS = 256;

/** The tokens of the words one edit from an unknown word (its own tokens left out). */
function typoTokens(word: string): string[] {
  const folded = foldWord(word);
  if (folded.length < TYPO_MIN_CHARS || hasDigit(folded)) return [];
  const cached = typosOf.get(folded);
  if (cached !== undefined) {
    typosOf.delete(folded);
    typosOf.set(folded, cached);
    return cached;
  }
  const dictionary = loadPolishDictionary();
  if (dictionary.lemmas(folded).length > 0) return [];
  const tokens = new Set<string>();
  for (const variant of oneEditAway(folded)) {
    const lemmas = dictionary.lemmas(variant);
    if (lemmas.length > 0) for (const lemma of lemmas) tokens.add(lemma);
    else tokens.add(variant);
  }
  const found = [...tokens];
  if (typosOf.size >= MAX_CACHED_TYPOS) typosOf.delete(typosOf.keys().next().value as string);
  typosOf.set(folded, found);
  return found;
}

/**
 * The text of a `tsquery` for the terms, for `array_to_tsvector(tokens) @@ $1::tsquery`:
 * each token quoted as a lexeme (no parser, no stemming in the database), alternatives OR-ed, terms AND-ed.
 */
export function tsqueryText(terms: string[][], prefixes: readonly string[] = []): string {
  const lastTerm = terms.length - 1;
  return terms
    .map((alternatives, index) => {
      const quoted = alternatives.map(quoteLexeme);
      if (index === lastTerm)
        for (const prefix of prefixes) quoted.push(`${quoteLexeme(prefix)}:*`);
      return quoted;
    })
    .filter((alternatives) => alternatives.length > 0)
    .map((alternatives) => `(${alternatives.join(' | ')})`)
    .join(' & ');
}

function quoteLexeme(token: string): string {
  return `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * Words analysed lately. A helpdesk's messages repeat the same words, and a
 * cached word costs a Map look-up instead of some thirty. Two generations:
 * a word is looked for in the young map, then in the old one (and moved back
 * to the young); when the young map is full it becomes the old one. So the
 * words in use stay, unlike a cache emptied when full, which lost its hits
 * right after each emptying (the excerpts of a search analyse some 2,500
 * words, bench/README.md, search). At most 2 × MAX_CACHED_WORDS entries,
 * about 5 MB.
 */
let analysedYoung = new Map<string, string[]>();
let analysedOld = new Map<string, string[]>();
const MAX_CACHED_WORDS = 25_000;

function cachedTokens(folded: string): string[] | undefined {
  const young = analysedYoung.get(folded);
  if (young !== undefined) return young;
  const old = analysedOld.get(folded);
  if (old !== undefined) rememberTokens(folded, old);
  return old;
}

function rememberTokens(folded: string, tokens: string[]): void {
  if (analysedYoung.size >= MAX_CACHED_WORDS) {
    analysedOld = analysedYoung;
    analysedYoung = new Map();
  }
  analysedYoung.set(folded, tokens);
}

function wordTokens(word: string): string[] {
  const folded = foldWord(word);
  if (hasDigit(folded)) return [folded];
  const cached = cachedTokens(folded);
  if (cached !== undefined) return cached;
  const lemmas = loadPolishDictionary().lemmas(folded);
  const stem = guessedStem(folded);
  const tokens = lemmas.length > 0 ? lemmas : stem === folded ? [folded] : [folded, stem];
  rememberTokens(folded, tokens);
  return tokens;
}

/**
 * Case endings of nouns and adjectives, folded, longest first: a word the
 * dictionary does not know is mostly a name, a surname or a rare noun
 * („Kowalskiego”, „hormezach”), whose forms then meet at the same stem.
 */
const GUESSED_ENDINGS = [
  'ami',
  'ach',
  'owi',
  'ego',
  'emu',
  'ych',
  'ich',
  'ymi',
  'imi',
  'iej',
  'ow',
  'om',
  'em',
  'ie',
  'ym',
  'im',
  'ej',
  'a',
  'e',
  'i',
  'o',
  'u',
  'y',
];
/** A guessed stem keeps at least this many letters, so short words are left whole. */
const MIN_GUESSED_STEM = 4;

function guessedStem(folded: string): string {
  for (const ending of GUESSED_ENDINGS) {
    if (folded.length - ending.length >= MIN_GUESSED_STEM && folded.endsWith(ending)) {
      return folded.slice(0, folded.length - ending.length);
    }
  }
  return folded;
}

/** Characters that join words into one segment when they stand between two word characters. */
function isJoiner(char: string): boolean {
  return (
    char === '.' ||
    char === '@' ||
    char === '-' ||
    char === '_' ||
    char === '+' ||
    char === '\u2010'
  );
}

function isWordChar(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  }
  return /[\p{L}\p{N}\p{M}]/u.test(char);
}

function hasDigit(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code >= 48 && code <= 57) return true;
  }
  return false;
}

/**
 * Runs of word characters and joiners, without joiners at either end
 * („kowalski@firma.pl”, „biało-czerwony”, „faktura” from „faktura.”).
 */
function* segments(text: string): Generator<string> {
  for (const [start, end] of segmentSpans(text)) yield text.slice(start, end);
}

/** Where each segment is: `[start, end)` in the text. */
function* segmentSpans(text: string): Generator<[number, number]> {
  const end = Math.min(text.length, MAX_TEXT_CHARS);
  let start = -1;
  let lastWordChar = -1;
  for (let i = 0; i <= end; i++) {
    const char = i < end ? (text[i] as string) : ' ';
    if (isWordChar(char)) {
      if (start === -1) start = i;
      lastWordChar = i;
    } else if (start !== -1 && !isJoiner(char)) {
      yield [start, lastWordChar + 1];
      start = -1;
    }
  }
}

/**
 * Where a text has what a search asked for, `[start, end)` in order: each
 * word with one of the `wanted` tokens (or starting with one of `prefixes`),
 * and a whole address or domain that is wanted. For the excerpts of DESIGN.md §7.8.
 */
export function matchedRanges(
  text: string,
  wanted: ReadonlySet<string>,
  prefixes: readonly string[] = [],
): [number, number][] {
  const ranges: [number, number][] = [];
  const firstLetters = new Set([...wanted].map((token) => token.charAt(0)));
  for (const [start, end] of segmentSpans(text)) {
    const segment = text.slice(start, end);
    if (literalTokens(segment).some((token) => wanted.has(token))) {
      ranges.push([start, end]);
      continue;
    }
    let wordStart = 0;
    for (let i = 0; i <= segment.length; i++) {
      if (i < segment.length && !isJoiner(segment[i] as string)) continue;
      const word = segment.slice(wordStart, i);
      if (
        word.length > 0 &&
        word.length <= MAX_WORD_CHARS &&
        isWanted(word, wanted, firstLetters, prefixes)
      ) {
        ranges.push([start + wordStart, start + i]);
      }
      wordStart = i + 1;
    }
  }
  return ranges;
}

/**
 * Whether a word of a text is one a search asked for. A word's tokens begin
 * with its own first letter but in rare cases (`mayBeginOtherwise`), so the
 * words that begin with none of the wanted tokens' letters, most of a text,
 * are passed over without the dictionary: the excerpts of a search's page
 * read some 2,500 words, and analysing each was a third of the server's time
 * per search (bench/README.md, search).
 */
function isWanted(
  word: string,
  wanted: ReadonlySet<string>,
  firstLetters: ReadonlySet<string>,
  prefixes: readonly string[],
): boolean {
  const folded = foldWord(word);
  if (prefixes.some((prefix) => folded.startsWith(prefix))) return true;
  if (!firstLetters.has(folded.charAt(0)) && !loadPolishDictionary().mayBeginOtherwise(folded)) {
    return false;
  }
  return wordTokens(word).some((token) => wanted.has(token));
}

/** The words of a segment: its parts between joiners, one letter or MAX_WORD_CHARS+ left out. */
function* wordsOf(segment: string): Generator<string> {
  let start = 0;
  for (let i = 0; i <= segment.length; i++) {
    if (i < segment.length && !isJoiner(segment[i] as string)) continue;
    const length = i - start;
    if (length > 0 && length <= MAX_WORD_CHARS) {
      const word = segment.slice(start, i);
      if (length > 1 || hasDigit(word)) yield word;
    }
    start = i + 1;
  }
}

/** A dotted name whose last part is letters only („firma.pl”, „www.firma.com.pl”), not „1.5” or „v2.0”. */
function isDomain(segment: string): boolean {
  const dot = segment.lastIndexOf('.');
  if (dot === -1 || segment.includes('@')) return false;
  const last = segment.slice(dot + 1);
  return last.length >= 2 && !hasDigit(last) && !last.includes('-');
}

/**
 * The whole-segment tokens: an address, its domain and the domain's parents
 * down to two labels („jan@biuro.firma.com.pl” → `biuro.firma.com.pl`,
 * `firma.com.pl`, not `com.pl`), a domain the same way, a hyphenated word whole.
 */
function literalTokens(segment: string): string[] {
  if (segment.length > MAX_COMPOUND_CHARS) return [];
  let hasJoiner = false;
  for (let i = 0; i < segment.length; i++) {
    if (isJoiner(segment[i] as string)) {
      hasJoiner = true;
      break;
    }
  }
  if (!hasJoiner) return [];
  const folded = foldWord(segment);
  const tokens = [folded];
  const at = folded.lastIndexOf('@');
  const domain = at === -1 ? (isDomain(folded) ? folded : '') : folded.slice(at + 1);
  if (domain.includes('.')) {
    let rest = domain;
    while (rest.includes('.') && !SHARED_SECOND_LEVEL.has(rest.slice(0, rest.indexOf('.')))) {
      tokens.push(rest);
      rest = rest.slice(rest.indexOf('.') + 1);
    }
  }
  return tokens;
}

/** Second-level names many unrelated domains share („com.pl”): they identify no one. */
const SHARED_SECOND_LEVEL = new Set([
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'co',
  'biz',
  'info',
  'mil',
]);
