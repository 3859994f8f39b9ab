/**
 * Some script fonts lack Polish letters (Herr Von Muellerhoff has ł and ó but
 * not ą ć ę ń ś ź ż), and the browser would then draw those letters in a
 * fallback font, in the middle of a handwritten name. Instead we draw the base
 * letter in the script font and add the mark ourselves as a pen stroke.
 */

export type PolishMark = 'acute' | 'dot' | 'ogonek' | 'stroke';

const DECOMPOSED: Record<string, readonly [base: string, mark: PolishMark]> = {
  ą: ['a', 'ogonek'],
  ć: ['c', 'acute'],
  ę: ['e', 'ogonek'],
  ł: ['l', 'stroke'],
  ń: ['n', 'acute'],
  ó: ['o', 'acute'],
  ś: ['s', 'acute'],
  ź: ['z', 'acute'],
  ż: ['z', 'dot'],
  Ą: ['A', 'ogonek'],
  Ć: ['C', 'acute'],
  Ę: ['E', 'ogonek'],
  Ł: ['L', 'stroke'],
  Ń: ['N', 'acute'],
  Ó: ['O', 'acute'],
  Ś: ['S', 'acute'],
  Ź: ['Z', 'acute'],
  Ż: ['Z', 'dot'],
};

export const POLISH_LETTERS = Object.keys(DECOMPOSED).join('');

export interface MarkedLetter {
  /** Index of the letter in the text (UTF-16 units; Polish letters are one unit each). */
  index: number;
  base: string;
  mark: PolishMark;
  isUpperCase: boolean;
}

export interface MarkedText {
  /** The text to draw with the font: unsupported letters replaced by their base letters. */
  text: string;
  marks: MarkedLetter[];
}

/** Replaces every letter in `missing` by its base letter and records the mark to add. */
export function splitUnsupportedLetters(text: string, missing: string): MarkedText {
  if (!missing) return { text, marks: [] };
  let result = '';
  const marks: MarkedLetter[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const letter = text[index] ?? '';
    const decomposed = missing.includes(letter) ? DECOMPOSED[letter] : undefined;
    if (decomposed) {
      const [base, mark] = decomposed;
      result += base;
      marks.push({ index, base, mark, isUpperCase: base !== base.toLowerCase() });
    } else {
      result += letter;
    }
  }
  return { text: result, marks };
}
