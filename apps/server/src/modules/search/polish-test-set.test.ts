import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { queryTokens, searchTokens } from './polish-words';

interface Pair {
  query: string;
  document: string;
  relevant: boolean;
  kind: 'noun' | 'adjective' | 'verb';
}

/**
 * The Polish test set drawn from Debian's hunspell-pl by
 * polish-test-set/build.ts (issue 30: recall ≥ 95 %, irrelevant results ≤ 5 %).
 * The dictionary the module reads (dictionary-pl) is another release of the
 * same data, so a few of the set's rare words are new to it.
 */
const { pairs } = JSON.parse(
  readFileSync(new URL('./polish-test-set/polish-test-set.json', import.meta.url), 'utf8'),
) as { pairs: Pair[] };

function matches(pair: Pair): boolean {
  const tokens = new Set(searchTokens(pair.document));
  return queryTokens(pair.query).some((token) => tokens.has(token));
}

describe('Polish test set (dictionary-drawn query/message pairs)', () => {
  it('has at least 200 pairs of nouns, adjectives and verbs, relevant and not', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(200);
    for (const kind of ['noun', 'adjective', 'verb'] as const) {
      expect(
        pairs.filter((pair) => pair.kind === kind && pair.relevant).length,
      ).toBeGreaterThanOrEqual(50);
    }
    expect(pairs.filter((pair) => !pair.relevant).length).toBeGreaterThanOrEqual(200);
  });

  it('finds at least 95 % of the relevant messages, with at most 5 % of the results irrelevant', () => {
    const relevant = pairs.filter((pair) => pair.relevant);
    const foundRelevant = relevant.filter(matches);
    const foundIrrelevant = pairs.filter((pair) => !pair.relevant && matches(pair));
    const recall = foundRelevant.length / relevant.length;
    const irrelevantShare =
      foundIrrelevant.length / (foundRelevant.length + foundIrrelevant.length);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(irrelevantShare).toBeLessThanOrEqual(0.05);
  });
});
