/**
 * Measures a way of matching Polish words on the test set, in a process of
 * its own so its memory can be read (docs/decisions/011-polish-search.md):
 *
 *   node --expose-gc node_modules/.bin/tsx apps/server/src/modules/search/polish-test-set/compare.ts dictionary
 *   npm install --no-save --prefix /tmp/snowball multilingual-stemmer@2.1.1
 *   node --expose-gc node_modules/.bin/tsx apps/server/src/modules/search/polish-test-set/compare.ts snowball /tmp/snowball
 *
 * "dictionary" is polish-words.ts as shipped; "snowball" is Snowball 3.0's
 * Polish stemmer (WebAssembly, npm multilingual-stemmer), each word stemmed
 * and folded, on both sides of the match.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { foldWord } from '../hunspell';
import { loadPolishDictionary, queryTokens, searchTokens } from '../polish-words';

interface Pair {
  query: string;
  document: string;
  relevant: boolean;
}

const approach = process.argv[2] ?? 'dictionary';
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

gc();
const before = process.memoryUsage();
const loadStart = performance.now();
const loadCpu = process.cpuUsage();
let tokensOf: (text: string) => string[];
let alternativesOf: (word: string) => string[];
if (approach === 'dictionary') {
  loadPolishDictionary();
  tokensOf = searchTokens;
  alternativesOf = queryTokens;
} else {
  const prefix = process.argv[3] ?? '/tmp/snowball';
  const entry = join(prefix, 'node_modules', 'multilingual-stemmer', 'dist', 'index.js');
  const { createStemmer } = (await import(entry)) as {
    createStemmer: (language: string) => (word: string) => string;
  };
  const stem = createStemmer('pl');
  const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 1);
  tokensOf = (text) => [...new Set(words(text).map((word) => foldWord(stem(word.toLowerCase()))))];
  alternativesOf = (word) => tokensOf(word);
}
const loadMs = performance.now() - loadStart;
const loadCpuUsage = process.cpuUsage(loadCpu);
// Buffers freed during the load are accounted for only after a collection and a turn of the loop.
gc();
await new Promise((resolve) => setTimeout(resolve, 100));
gc();
const after = process.memoryUsage();

const setFile = process.env.TEST_SET ?? new URL('./polish-test-set.json', import.meta.url);
const { pairs } = JSON.parse(readFileSync(setFile, 'utf8')) as {
  pairs: Pair[];
};
let found = 0;
let relevantFound = 0;
let relevant = 0;
const misses: string[] = [];
const wrong: string[] = [];
for (const pair of pairs) {
  const documentTokens = new Set(tokensOf(pair.document));
  const matched = alternativesOf(pair.query).some((token) => documentTokens.has(token));
  if (pair.relevant) relevant++;
  if (matched) found++;
  if (matched && pair.relevant) relevantFound++;
  if (!matched && pair.relevant) misses.push(`${pair.query} → ${pair.document}`);
  if (matched && !pair.relevant) wrong.push(`${pair.query} → ${pair.document}`);
}

// Speed, on dictionary words none of which was analysed before (the cache does not help):
// words one by one, then 20,000 characters of other such words as one message.
const dictionaryWords = readFileSync(
  new URL('../../../../../../node_modules/dictionary-pl/index.dic', import.meta.url),
  'utf8',
)
  .split('\n')
  .map((line) => line.split('/')[0] ?? '');
const words = dictionaryWords.filter((_, index) => index % 97 === 1);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const speedStart = performance.now();
const speedCpu = process.cpuUsage();
for (const word of words) tokensOf(word);
const perSecond = words.length / ((performance.now() - speedStart) / 1000);
const perCpuSecond = words.length / (cpuMs(speedCpu) / 1000);
const distinct = dictionaryWords
  .filter((_, index) => index % 89 === 2)
  .join(' ')
  .slice(0, 20_000);
const distinctStart = performance.now();
const distinctCpu = process.cpuUsage();
tokensOf(distinct);
const distinctMs = performance.now() - distinctStart;
const distinctCpuMs = cpuMs(distinctCpu);

// A 20,000-character message of the test set's messages: their words repeat, as in real mail.
const long = pairs
  .map((pair) => pair.document)
  .join(' ')
  .repeat(3)
  .slice(0, 20_000);
const longStart = performance.now();
const longCpu = process.cpuUsage();
const longTokens = tokensOf(long).length;
const longMs = performance.now() - longStart;
const longCpuMs = cpuMs(longCpu);

const round = (value: number) => Math.round(value * 10) / 10;
console.log(
  JSON.stringify(
    {
      approach,
      pairs: pairs.length,
      recall: `${round((relevantFound / relevant) * 100)} % (${relevantFound}/${relevant})`,
      irrelevant: `${round(((found - relevantFound) / Math.max(1, found)) * 100)} % (${found - relevantFound}/${found})`,
      newWordsPerSecond: Math.round(perSecond),
      newWordsPerCpuSecond: Math.round(perCpuSecond),
      message20kMs: round(longMs),
      message20kCpuMs: round(longCpuMs),
      message20kTokens: longTokens,
      message20kDistinctWordsMs: round(distinctMs),
      message20kDistinctWordsCpuMs: round(distinctCpuMs),
      message20kDistinctWords: distinct.split(' ').length,
      loadAverage: (await import('node:os')).loadavg()[0],
      loadMs: Math.round(loadMs),
      loadCpuMs: Math.round((loadCpuUsage.user + loadCpuUsage.system) / 1000),
      heapMB: round((after.heapUsed - before.heapUsed) / 1e6),
      externalMB: round(
        (after.external + after.arrayBuffers - before.external - before.arrayBuffers) / 1e6,
      ),
      rssMB: round((after.rss - before.rss) / 1e6),
      rssAtEndMB: round(process.memoryUsage().rss / 1e6),
      misses: misses.slice(0, 12),
      wrong: wrong.slice(0, 12),
    },
    null,
    1,
  ),
);
