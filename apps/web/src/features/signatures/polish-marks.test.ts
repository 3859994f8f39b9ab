import { describe, expect, it } from 'vitest';
import {
  type LetterInk,
  markGeometry,
  POLISH_LETTERS,
  splitUnsupportedLetters,
} from './polish-marks';
import { SIGNATURE_FONTS } from './signature-fonts';

describe('splitUnsupportedLetters', () => {
  it('leaves the text alone when the font has every letter', () => {
    expect(splitUnsupportedLetters('Zażółć gęślą jaźń', '')).toEqual({
      text: 'Zażółć gęślą jaźń',
      marks: [],
    });
  });

  it('replaces only the missing letters and records where their marks go', () => {
    const { text, marks } = splitUnsupportedLetters('Łukasz Żółć', 'ćżŻ');
    expect(text).toBe('Łukasz Zółc');
    expect(marks).toEqual([
      { index: 7, base: 'Z', mark: 'dot', isUpperCase: true },
      { index: 10, base: 'c', mark: 'acute', isUpperCase: false },
    ]);
  });

  it('knows a base letter and a mark for every Polish letter', () => {
    expect(POLISH_LETTERS).toHaveLength(18);
    const { text, marks } = splitUnsupportedLetters(POLISH_LETTERS, POLISH_LETTERS);
    expect(text).toBe('acelnoszzACELNOSZZ');
    expect(marks.map((mark) => mark.mark).join(',')).toBe(
      'ogonek,acute,ogonek,stroke,acute,acute,acute,acute,dot,'.repeat(2).slice(0, -1),
    );
  });

  it('is used only with Polish letters the fonts declare missing', () => {
    for (const font of SIGNATURE_FONTS) {
      for (const letter of font.missingLetters) expect(POLISH_LETTERS).toContain(letter);
    }
  });
});

describe('markGeometry', () => {
  // An "e" 40 px wide whose ink rises 40 px above the baseline, 100 px into the name.
  const letter: LetterInk = { left: 100, right: 140, top: -40, bottom: 0 };

  it('puts acute accents and dots above the letter, over its middle', () => {
    for (const mark of ['acute', 'dot'] as const) {
      const { bounds } = markGeometry(mark, letter, 90);
      expect(bounds.bottom).toBeLessThan(letter.top);
      expect(bounds.left).toBeGreaterThan(letter.left);
      expect(bounds.right).toBeLessThan(letter.right + 0.15 * 90);
    }
  });

  it('hangs the ogonek below the baseline at the right of the letter', () => {
    const { bounds } = markGeometry('ogonek', letter, 90);
    expect(bounds.bottom).toBeGreaterThan(0.15 * 90);
    expect(bounds.top).toBeLessThanOrEqual(0);
    expect(bounds.left).toBeGreaterThan(letter.left);
  });

  it('crosses the stem for ł within the letter height', () => {
    const { bounds } = markGeometry('stroke', letter, 90);
    expect(bounds.top).toBeGreaterThan(letter.top);
    expect(bounds.bottom).toBeLessThan(letter.bottom);
    const middle = (letter.left + letter.right) / 2;
    expect(bounds.left).toBeLessThan(middle);
    expect(bounds.right).toBeGreaterThan(middle);
  });

  it('scales with the font size', () => {
    const small = markGeometry('acute', { left: 50, right: 70, top: -20, bottom: 0 }, 45);
    const large = markGeometry('acute', { left: 100, right: 140, top: -40, bottom: 0 }, 90);
    for (const side of ['left', 'right', 'top', 'bottom'] as const) {
      expect(large.bounds[side]).toBeCloseTo(2 * small.bounds[side], 5);
    }
    expect(large.lineWidth).toBeCloseTo(2 * small.lineWidth);
  });
});
