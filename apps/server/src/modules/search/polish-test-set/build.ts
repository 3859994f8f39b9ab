/**
 * Draws the Polish search test set (polish-test-set.json beside this file)
 * from Debian's hunspell-pl dictionary, so the pairs are not ours to choose:
 *
 *   apt-get install hunspell-pl
 *   npx tsx apps/server/src/modules/search/polish-test-set/build.ts
 *
 * Lemmas with several forms are picked at random (seeded, so the file is the
 * same on every run): nouns, adjectives and verbs. Each gives a relevant pair
 * (a query form, a message with another form of the same lemma; a third of
 * the queries typed without diacritics) and an irrelevant one (the same query,
 * a message with a form of another lemma that starts with the same letters
 * and shares no form with the first). The runtime dictionary is the npm
 * package dictionary-pl, a later release of the same sjp.pl data, so the set
 * is not a copy of what the analyser reads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type DictionaryEntry, foldWord, formsOf, parseAffixes, parseEntries } from '../hunspell';

const SOURCE = '/usr/share/hunspell/pl_PL';
/** The seed and the output file may be given (`build.ts 31 /tmp/other-set.json`) to check that a figure is not one set's luck. */
const SEED = Number(process.argv[2] ?? 30);
const COUNTS = { noun: 100, adjective: 70, verb: 70 } as const;
const TEMPLATES = [
  'Dzień dobry, piszę w sprawie: {}. Pozdrawiam',
  'Temat zgłoszenia — {} — proszę o odpowiedź.',
  'W załączniku {}, dziękuję.',
  'Czy możecie sprawdzić {}?',
];
/** Words of the templates; a lemma that has one of them as a form would match every message. */
const TEMPLATE_WORDS = new Set(
  TEMPLATES.join(' ')
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 1)
    .map(foldWord),
);

type Kind = keyof typeof COUNTS;

interface Pair {
  query: string;
  document: string;
  relevant: boolean;
  kind: Kind;
  /** The lemma of the query, and of the document's word when the pair is irrelevant. */
  lemma: string;
  otherLemma?: string;
}

/** mulberry32: a small seeded generator, so the set is reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

function read(path: string): string {
  return new TextDecoder('iso-8859-2').decode(readFileSync(path));
}

const affixes = parseAffixes(read(`${SOURCE}.aff`));
const entries = parseEntries(read(`${SOURCE}.dic`)).filter(
  // Negated words („niezapłacony”) are entries of their own; the plain ones are what people search for.
  (entry) =>
    /^\p{Ll}+$/u.test(entry.word) && entry.word.length >= 4 && !entry.word.startsWith('nie'),
);

interface Lemma {
  entry: DictionaryEntry;
  key: string;
  forms: string[];
  folded: Set<string>;
}

function kindOf(lemma: Lemma): Kind | null {
  const { word } = lemma.entry;
  if (word.endsWith('ć') && lemma.forms.length >= 15) return 'verb';
  if (/[yi]$/u.test(word) && lemma.forms.some((form) => form.endsWith('ego'))) return 'adjective';
  if (lemma.forms.length >= 5 && !/[yić]$/u.test(word)) return 'noun';
  return null;
}

const lemmas: Lemma[] = [];
const byPrefix = new Map<string, Lemma[]>();
for (const entry of entries) {
  const { forms } = formsOf(entry, affixes);
  const lemma = { entry, key: foldWord(entry.word), forms, folded: new Set(forms.map(foldWord)) };
  lemmas.push(lemma);
  const prefix = lemma.key.slice(0, 4);
  const list = byPrefix.get(prefix) ?? [];
  list.push(lemma);
  byPrefix.set(prefix, list);
}

function commonPrefix(a: string, b: string): number {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return length;
}

/**
 * Another lemma that looks as alike as the dictionary has (the longest
 * common beginning, at least four letters) but is neither a form nor a
 * derivative of this one.
 */
function lookAlike(lemma: Lemma): Lemma | null {
  const stem = lemma.key.slice(0, Math.max(4, lemma.key.length - 2));
  const candidates = (byPrefix.get(lemma.key.slice(0, 4)) ?? []).filter(
    (other) =>
      other !== lemma &&
      // Derivatives („faktur-owy”, „faktur-ować”) are related, not irrelevant.
      !other.key.startsWith(stem) &&
      ![...other.folded].some((form) => lemma.folded.has(form)),
  );
  if (candidates.length === 0) return null;
  const longest = Math.max(...candidates.map((other) => commonPrefix(other.key, lemma.key)));
  return pick(candidates.filter((other) => commonPrefix(other.key, lemma.key) === longest));
}

const pairs: Pair[] = [];
const used = new Set<string>();
for (const kind of Object.keys(COUNTS) as Kind[]) {
  let made = 0;
  while (made < COUNTS[kind]) {
    const lemma = pick(lemmas);
    if (used.has(lemma.entry.word) || kindOf(lemma) !== kind) continue;
    if ([...lemma.folded].some((form) => TEMPLATE_WORDS.has(form))) continue;
    const other = lookAlike(lemma);
    if (other === null || [...other.folded].some((form) => TEMPLATE_WORDS.has(form))) continue;
    used.add(lemma.entry.word);
    // Half the queries are the dictionary form (what people type), half another form.
    const spelled = next() < 0.5 ? lemma.entry.word : pick(lemma.forms);
    const query = next() < 1 / 3 ? foldWord(spelled) : spelled;
    const documentForms = lemma.forms.filter((form) => foldWord(form) !== foldWord(query));
    if (documentForms.length === 0) continue;
    const document = pick(TEMPLATES).replace('{}', pick(documentForms));
    const unrelated = pick(TEMPLATES).replace('{}', pick(other.forms));
    pairs.push({ query, document, relevant: true, kind, lemma: lemma.entry.word });
    pairs.push({
      query,
      document: unrelated,
      relevant: false,
      kind,
      lemma: lemma.entry.word,
      otherLemma: other.entry.word,
    });
    made++;
  }
}

const out =
  process.argv[3] === undefined
    ? new URL('./polish-test-set.json', import.meta.url)
    : new URL(`file://${process.argv[3]}`);
writeFileSync(
  out,
  `${JSON.stringify({ source: 'Debian hunspell-pl 1:7.5.0-1 (sjp.pl), pl_PL.dic/.aff', seed: SEED, pairs }, null, 2)}\n`,
);
console.log(`${pairs.length} pairs written to ${out.pathname}`);
