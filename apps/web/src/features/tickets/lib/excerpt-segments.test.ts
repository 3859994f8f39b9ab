import { describe, expect, it } from 'vitest';
import { excerptSegments } from './excerpt-segments';

const joined = (text: string, highlights: [number, number][]) =>
  excerptSegments(text, highlights)
    .map((s) => s.text)
    .join('');

describe('excerptSegments', () => {
  it('marks the given ranges and keeps the text around them', () => {
    expect(excerptSegments('Proszę o fakturę korygującą', [[9, 16]])).toEqual([
      { text: 'Proszę o ', isHit: false },
      { text: 'fakturę', isHit: true },
      { text: ' korygującą', isHit: false },
    ]);
  });

  it('marks ranges at the very start and end, and several in a row', () => {
    expect(
      excerptSegments('faktura i faktury', [
        [0, 7],
        [10, 17],
      ]),
    ).toEqual([
      { text: 'faktura', isHit: true },
      { text: ' i ', isHit: false },
      { text: 'faktury', isHit: true },
    ]);
  });

  it('gives the whole text as one plain piece without ranges, and nothing for an empty text', () => {
    expect(excerptSegments('Dzień dobry', [])).toEqual([{ text: 'Dzień dobry', isHit: false }]);
    expect(excerptSegments('', [[0, 3]])).toEqual([]);
  });

  it('skips ranges outside the text, empty, reversed or not whole numbers, losing no text', () => {
    const text = 'Reklamacja butów';
    const highlights: [number, number][] = [
      [11, 99],
      [5, 5],
      [8, 3],
      [-2, 4],
      [0.5, 4],
      [0, 10],
    ];
    expect(excerptSegments(text, highlights)).toEqual([
      { text: 'Reklamacja', isHit: true },
      { text: ' butów', isHit: false },
    ]);
    expect(joined(text, [[11, 99]])).toBe(text);
  });

  it('keeps the first of overlapping ranges and takes them in order whatever order they came in', () => {
    const text = 'zwrot pieniędzy za zamówienie';
    expect(
      excerptSegments(text, [
        [19, 29],
        [6, 15],
        [3, 8],
        [0, 5],
      ]).filter((s) => s.isHit),
    ).toEqual([
      { text: 'zwrot', isHit: true },
      { text: 'pieniędzy', isHit: true },
      { text: 'zamówienie', isHit: true },
    ]);
    expect(
      joined(text, [
        [0, 5],
        [3, 8],
        [6, 15],
        [19, 29],
      ]),
    ).toBe(text);
  });

  it('cuts by UTF-16 indices, so letters outside the basic plane count as two', () => {
    // „😀” is two code units: the word after it starts at 3.
    expect(excerptSegments('😀 faktura', [[3, 10]])).toEqual([
      { text: '😀 ', isHit: false },
      { text: 'faktura', isHit: true },
    ]);
  });

  it('keeps markup as plain text pieces', () => {
    const text = '<script>alert(1)</script> <b>faktura</b>';
    const segments = excerptSegments(text, [[29, 36]]);
    expect(segments).toEqual([
      { text: '<script>alert(1)</script> <b>', isHit: false },
      { text: 'faktura', isHit: true },
      { text: '</b>', isHit: false },
    ]);
  });
});
