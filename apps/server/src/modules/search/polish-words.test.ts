import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DictionaryEntry, formsOf, parseAffixes, parseEntries } from './hunspell';
import {
  loadPolishDictionary,
  MAX_TEXT_CHARS,
  MAX_WORD_CHARS,
  matchedRanges,
  queryTerms,
  queryTokens,
  searchTokens,
  tsqueryText,
} from './polish-words';

/** What the caller does: a text matches a query when every term has one of its alternatives among the text's tokens. */
function matches(query: string, text: string): boolean {
  const tokens = new Set(searchTokens(text));
  return queryTerms(query).every((alternatives) => alternatives.some((token) => tokens.has(token)));
}

beforeAll(() => {
  loadPolishDictionary();
});

describe('searchTokens / queryTokens: Polish inflection', () => {
  it('a noun finds its other cases', () => {
    for (const text of [
      'Proszę o fakturę korygującą',
      'danych do faktury',
      'z fakturami',
      'w fakturze',
    ]) {
      expect(matches('faktura', text), text).toBe(true);
    }
    expect(matches('fakturę', 'Faktura VAT')).toBe(true);
  });

  it('a verb finds its past and future forms, and its gerund', () => {
    expect(matches('wysłać', 'Wczoraj wysłałem przelew')).toBe(true);
    expect(matches('wysłać', 'Wyślę jutro')).toBe(true);
    expect(matches('zamówić', 'Numer zamówienia 12')).toBe(true);
  });

  it('an adjective finds its other genders and cases', () => {
    expect(matches('żółty', 'żółtego samochodu')).toBe(true);
    expect(matches('żółty', 'żółtą kartkę')).toBe(true);
  });

  it('diacritics are ignored, typed or not', () => {
    expect(matches('zolty', 'żółty')).toBe(true);
    expect(matches('fakture', 'fakturami')).toBe(true);
    expect(matches('żółty', 'ZOLTEGO')).toBe(true);
  });

  it('a similar-looking word of another lemma does not match', () => {
    expect(matches('faktura', 'fakt')).toBe(false);
    expect(matches('konto', 'kontakt')).toBe(false);
    expect(matches('hasło', 'hasać')).toBe(false);
  });

  it('a word the dictionary does not know finds its own case forms (names, surnames)', () => {
    expect(matches('Brzęczyszczykiewicz', 'pan Brzęczyszczykiewicza')).toBe(true);
  });

  it('tokens are lowercase, without diacritics and distinct', () => {
    const tokens = searchTokens('Faktura, faktury, FAKTURĘ i fakturze — żółć');
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(token).toBe(token.toLowerCase());
      expect(token).not.toMatch(/[ąćęłńóśźż]/);
    }
    expect(tokens).toContain('faktura');
  });

  it('queryTokens of one word are the alternatives to OR; punctuation around it is dropped', () => {
    expect(queryTokens('„Fakturę,”')).toEqual(['faktura']);
    expect(queryTokens('mają').length).toBeGreaterThan(1);
    expect(queryTokens('…')).toEqual([]);
  });
});

describe('searchTokens: addresses, domains, numbers, hyphens', () => {
  it('an e-mail address gives the address, its domain and its words', () => {
    const tokens = searchTokens('Proszę pisać na Kowalski@Firma.pl.');
    expect(tokens).toEqual(
      expect.arrayContaining(['kowalski@firma.pl', 'firma.pl', 'kowalski', 'firma']),
    );
    expect(matches('kowalski@firma.pl', 'od: kowalski@firma.pl')).toBe(true);
    expect(matches('firma.pl', 'od: kowalski@firma.pl')).toBe(true);
    expect(matches('kowalski', 'od: kowalski@firma.pl')).toBe(true);
    expect(matches('firma.pl', 'od: kowalski@innafirma.pl')).toBe(false);
  });

  it("a subdomain's address is found by each parent domain, but not by a shared second level", () => {
    const tokens = searchTokens('jan.nowak@biuro.firma.com.pl');
    expect(tokens).toEqual(
      expect.arrayContaining(['biuro.firma.com.pl', 'firma.com.pl', 'jan', 'nowak']),
    );
    expect(tokens).not.toContain('com.pl');
  });

  it('an address or a domain in a query is one term, matched whole', () => {
    expect(queryTerms('kowalski@firma.pl')).toEqual([['kowalski@firma.pl']]);
    expect(queryTerms('Firma.PL')).toEqual([['firma.pl']]);
  });

  it('numbers and words with digits stay as they are', () => {
    expect(searchTokens('Zgłoszenie #1042, kod A12B')).toEqual(
      expect.arrayContaining(['1042', 'a12b']),
    );
    expect(matches('1042', 'zgłoszenie nr 1042')).toBe(true);
  });

  it('a hyphenated word is kept whole and by its parts; a hyphenated query needs every part', () => {
    expect(searchTokens('biało-czerwony')).toEqual(
      expect.arrayContaining(['bialo-czerwony', 'czerwony']),
    );
    expect(matches('biało-czerwoną', 'flaga biało-czerwona')).toBe(true);
    expect(matches('biało-czerwony', 'czerwony')).toBe(false);
    expect(queryTokens('biało-czerwony')).toEqual(['bialo-czerwony']);
  });
});

describe('searchTokens: bounded work on a stranger’s text', () => {
  it(`a word longer than ${MAX_WORD_CHARS} characters is left out`, () => {
    expect(searchTokens(`faktura ${'a'.repeat(MAX_WORD_CHARS + 1)}`)).toEqual(['faktura']);
  });

  it(`only the first ${MAX_TEXT_CHARS} characters are read`, () => {
    expect(searchTokens(`${' '.repeat(MAX_TEXT_CHARS)}faktura`)).toEqual([]);
  });

  it('a 20,000-character message takes a few milliseconds; one of all different words, tens', () => {
    const dictionary = readFileSync(
      new URL('../../../../../node_modules/dictionary-pl/index.dic', import.meta.url),
      'utf8',
    ).split('\n');
    const pick = (every: number, from: number) =>
      dictionary
        .filter((_, index) => index % every === from)
        .map((line) => line.split('/')[0])
        .join(' ')
        .slice(0, 20_000);
    // Warm the code up as a running server is, on other words than the ones timed.
    searchTokens(pick(101, 3));
    // Mail repeats its words: a few hundred different ones in 20,000 characters.
    const mail = pick(211, 5).slice(0, 2_000).repeat(10);
    let started = performance.now();
    searchTokens(mail);
    const mailMs = performance.now() - started;
    // The worst case: about 1,800 words none of which was seen before.
    const distinct = pick(89, 2);
    started = performance.now();
    const tokens = searchTokens(distinct);
    const distinctMs = performance.now() - started;
    expect(tokens.length).toBeGreaterThan(1500);
    // Idle: about 2 ms and 30 ms (docs/decisions/011-polish-search.md); the bounds leave room for a loaded CI.
    expect(mailMs).toBeLessThan(100);
    expect(distinctMs).toBeLessThan(500);
  });

  it('a text of separators, joiners and marks costs linear time', () => {
    const hostile = '.-@'.repeat(40_000) + 'a\u0301'.repeat(20_000) + 'x-'.repeat(30_000);
    const started = performance.now();
    searchTokens(hostile);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('tsqueryText: the recipe for the indexed column, on PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.query('create table messages (id int, tokens tsvector)');
    await db.query('create index on messages using gin (tokens)');
    const texts = [
      'Proszę o fakturę korygującą',
      'Wczoraj wysłałem przelew z konta kowalski@firma.pl',
      'Flaga biało-czerwona i żółty samochód',
      "O'Brien pisze z adresu ob@irl.ie",
    ];
    for (const [id, text] of texts.entries()) {
      await db.query('insert into messages values ($1, array_to_tsvector($2::text[]))', [
        id,
        searchTokens(text),
      ]);
    }
  });
  afterAll(async () => {
    await db.close();
  });

  async function found(query: string): Promise<number[]> {
    const { rows } = await db.query<{ id: number }>(
      'select id from messages where tokens @@ $1::tsquery order by id',
      [tsqueryText(queryTerms(query))],
    );
    return rows.map((row) => row.id);
  }

  it('alternatives are OR-ed, terms AND-ed, tokens quoted so no word is read as an operator', async () => {
    expect(tsqueryText([["o'brien", 'x'], ['a\\b']])).toBe("('o''brien' | 'x') & ('a\\\\b')");
    expect(await found('faktury')).toEqual([0]);
    expect(await found('wysłać przelewy')).toEqual([1]);
    expect(await found('firma.pl')).toEqual([1]);
    expect(await found('zolty bialo-czerwony')).toEqual([2]);
    expect(await found("o'brien")).toEqual([3]);
    expect(await found('faktura przelew')).toEqual([]);
  });
});

describe('matchedRanges: the excerpts skip words by their first letter', () => {
  it('still marks every form of a dictionary word by each of its lemmas alone', () => {
    const root = dirname(createRequire(import.meta.url).resolve('dictionary-pl'));
    const affixes = parseAffixes(readFileSync(join(root, 'index.aff'), 'utf8'));
    const entries = parseEntries(readFileSync(join(root, 'index.dic'), 'utf8'));
    let checked = 0;
    // Every 97th entry, all its forms and a few with „nie-”: about 36,000 tokens.
    for (let i = 0; i < entries.length; i += 97) {
      const { forms, prefixed } = formsOf(entries[i] as DictionaryEntry, affixes);
      // A hyphenated word is marked part by part, each part a word of its own.
      for (const form of [...forms, ...prefixed.slice(0, 3)].filter((f) => !/[-.]/.test(f))) {
        for (const token of queryTokens(form)) {
          expect(matchedRanges(form, new Set([token])), `${form} → ${token}`).toEqual([
            [0, form.length],
          ]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(30_000);
  });
});
