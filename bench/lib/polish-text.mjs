// Polish text for the search benchmark (issue 30): messages, subjects, names and
// queries drawn from the dictionary the server searches with (npm dictionary-pl,
// sjp.pl), each word's search tokens computed by the server's own code
// (apps/server/src/modules/search, loaded through tsx), so a seeded row's
// `search_vector` is exactly what the server writes for the same text.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './util.mjs';

const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
let searchModules = null;

/** The server's search code (polish-words.ts, hunspell.ts), from its TypeScript sources. */
export async function serverSearch() {
  if (searchModules === null) {
    const { tsImport } = await import('tsx/esm/api');
    const dir = path.join(root, 'apps/server/src/modules/search');
    const [words, hunspell] = await Promise.all([
      tsImport(path.join(dir, 'polish-words.ts'), import.meta.url),
      tsImport(path.join(dir, 'hunspell.ts'), import.meta.url),
    ]);
    words.loadPolishDictionary();
    searchModules = { ...words, ...hunspell };
  }
  return searchModules;
}

/** A small seeded generator (mulberry32): the same seed gives the same data set. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = /^[a-ząćęłńóśźż]{2,}$/;

/**
 * Words with a Zipf-like frequency: `vocabulary` dictionary entries picked at
 * random, the entry of rank r drawn with probability ∝ 1 / r^exponent, each
 * time as one of its forms (the entry itself about a third of the time,
 * otherwise any form its affix flags give: „faktura” as „fakturę”,
 * „fakturami”…). With the defaults the commonest word is about 8 % of all
 * words (in most messages, like „się” or „nie”), the hundredth 0.08 %, and
 * most of the vocabulary turns up a few times in a million messages.
 */
export async function polishText({ seed = 30, vocabulary = 100_000, exponent = 1 } = {}) {
  const search = await serverSearch();
  const directory = path.dirname(serverRequire.resolve('dictionary-pl'));
  const affixes = search.parseAffixes(fs.readFileSync(path.join(directory, 'index.aff'), 'utf8'));
  const entries = search
    .parseEntries(fs.readFileSync(path.join(directory, 'index.dic'), 'utf8'))
    // Negations („niebieski” aside) are a third of the entries and read oddly as running text.
    .filter((entry) => LETTERS.test(entry.word) && !/^nie.{4}/.test(entry.word));
  const rand = random(seed);
  // A partial Fisher–Yates shuffle: the first `vocabulary` entries, in rank order.
  const size = Math.min(vocabulary, entries.length);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(rand() * (entries.length - i));
    [entries[i], entries[j]] = [entries[j], entries[i]];
  }
  const ranked = entries.slice(0, size);
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r++) {
    total += 1 / (r + 1) ** exponent;
    cumulative[r] = total;
  }
  // hunspell.ts's formsOf tries all 7,000 rules on each entry; by flag it is a few hundred.
  const rulesByFlag = new Map();
  for (const rule of affixes.suffixes) {
    if (!rulesByFlag.has(rule.flag)) rulesByFlag.set(rule.flag, []);
    rulesByFlag.get(rule.flag).push(rule);
  }
  const formsByRank = new Array(size);
  const formsOf = (rank) => {
    if (formsByRank[rank] === undefined) {
      const { word: lemma, flags } = ranked[rank];
      const forms = new Set([lemma]);
      for (const flag of flags) {
        for (const rule of rulesByFlag.get(flag) ?? []) {
          if (!lemma.endsWith(rule.strip)) continue;
          if (rule.condition !== null && !rule.condition.test(lemma)) continue;
          forms.add(lemma.slice(0, lemma.length - rule.strip.length) + rule.add);
        }
      }
      formsByRank[rank] = [...forms];
    }
    return formsByRank[rank];
  };
  const drawRank = () => {
    const x = rand() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** One word as written in a text, with the rank of its entry (0 = commonest). */
  const word = () => {
    const rank = drawRank();
    const forms = formsOf(rank);
    const form = rand() < 0.35 ? ranked[rank].word : forms[Math.floor(rand() * forms.length)];
    return { form, rank };
  };

  // Tokens per distinct word, as the server computes them for a one-word text:
  // a message's tokens are the union of its words' (checked against searchTokens).
  const tokenCache = new Map();
  const tokensOf = (form) => {
    let tokens = tokenCache.get(form);
    if (tokens === undefined) {
      tokens = search.searchTokens(form);
      tokenCache.set(form, tokens);
    }
    return tokens;
  };

  // People and companies: names are rarer words of the same vocabulary.
  const plain = (form) => search.foldWord(form);
  const companies = Array.from({ length: 2_000 }, (_, i) => `${plain(word().form)}-${i}.pl`);
  const person = () => `${plain(word().form)}.${plain(word().form)}`;
  const email = () => `${person()}@${companies[Math.floor(rand() * companies.length)]}`;

  /**
   * A message of 5–60 words in sentences, one in ten with an e-mail address;
   * returns its text, its tokens (space-separated, for `array_to_tsvector`) and its words.
   */
  /** How many messages (of those generated with `count`) each token is in. */
  const documentFrequency = new Map();
  const message = (minWords = 5, maxWords = 60, count = false) => {
    const length = minWords + Math.floor(rand() * (maxWords - minWords + 1));
    const words = [];
    const parts = [];
    const tokens = new Set();
    let sentence = 0;
    for (let i = 0; i < length; i++) {
      const w = word();
      words.push(w);
      for (const t of tokensOf(w.form)) tokens.add(t);
      let text = sentence === 0 ? w.form[0].toUpperCase() + w.form.slice(1) : w.form;
      sentence++;
      if (i === length - 1 || (sentence >= 6 && rand() < 0.15)) {
        text += rand() < 0.15 ? '?' : '.';
        sentence = 0;
      } else if (rand() < 0.08) text += ',';
      parts.push(text);
    }
    if (rand() < 0.1) {
      const address = email();
      parts.push(`Kontakt: ${address}`);
      for (const t of search.searchTokens(`Kontakt: ${address}`)) tokens.add(t);
    }
    if (count)
      for (const t of tokens) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
    return { body: parts.join(' '), tokens: [...tokens].join(' '), words };
  };

  return { search, word, message, person, email, tokensOf, documentFrequency, vocabulary: size };
}

/**
 * Queries as staff type them, from words as they appear in messages: `words`
 * words of one sampled message (so the query finds at least that message),
 * or a typo: a rare word (rank beyond `rareRank`) of five letters or more
 * that the dictionary does not know once two neighbouring letters are
 * swapped (the server then adds the words one edit away).
 */
export function makeQueries({ sample, search, rand, count, words, typo = false, rareRank = 1000 }) {
  const queries = [];
  let guard = 0;
  while (queries.length < count && guard++ < count * 200) {
    const message = sample[Math.floor(rand() * sample.length)];
    if (typo) {
      const candidates = message.words.filter((w) => w.rank >= rareRank && [...w.form].length >= 5);
      if (candidates.length === 0) continue;
      const w = candidates[Math.floor(rand() * candidates.length)].form;
      const chars = [...w];
      const at = 1 + Math.floor(rand() * (chars.length - 2));
      [chars[at - 1], chars[at]] = [chars[at], chars[at - 1]];
      const q = chars.join('');
      const terms = search.searchTerms(q, 8);
      // Only a word the dictionary does not know gets its neighbours.
      if (terms.loose[0].length <= terms.exact[0].length) continue;
      queries.push(q);
      continue;
    }
    if (message.words.length < words) continue;
    const picked = new Set();
    while (picked.size < words) picked.add(Math.floor(rand() * message.words.length));
    const forms = [...picked].sort((a, b) => a - b).map((i) => message.words[i].form);
    // Words of one letter are not searched; a query of them would search nothing.
    if (forms.some((f) => f.length < 2)) continue;
    queries.push(forms.join(' '));
  }
  return queries;
}
