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

/**
 * Box of one letter relative to the pen position of the whole run (y grows
 * downwards): its advance horizontally, its ink vertically.
 */
export interface LetterInk {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export type MarkShape =
  | { kind: 'line'; from: [number, number]; to: [number, number] }
  | { kind: 'curve'; from: [number, number]; control: [number, number]; to: [number, number] }
  | { kind: 'dot'; center: [number, number]; radius: number };

export interface MarkGeometry {
  shapes: MarkShape[];
  /** Pen width for lines and curves. */
  lineWidth: number;
  /** Ink box of the mark including half the pen width. */
  bounds: LetterInk;
}

/** Horizontal lean of the script fonts per unit of height (about 14°). */
const SCRIPT_SLANT = 0.25;

/**
 * Where to draw the mark of one letter, in the same space as `letter`.
 * Proportions are relative to the font size so the marks scale with the name;
 * they lean to the right like the script fonts do.
 */
export function markGeometry(mark: PolishMark, letter: LetterInk, fontSize: number): MarkGeometry {
  const s = fontSize;
  const lineWidth = Math.max(1, 0.028 * s);
  // The script leans right, so the top of a letter sits right of its advance's middle.
  const centerX = (letter.left + letter.right) / 2 + SCRIPT_SLANT * -letter.top;
  const width = letter.right - letter.left;
  let shapes: MarkShape[];
  switch (mark) {
    case 'acute':
      shapes = [
        {
          kind: 'line',
          from: [centerX - 0.02 * s, letter.top - 0.06 * s],
          to: [centerX + 0.1 * s, letter.top - 0.2 * s],
        },
      ];
      break;
    case 'dot':
      shapes = [
        { kind: 'dot', center: [centerX + 0.04 * s, letter.top - 0.12 * s], radius: 0.035 * s },
      ];
      break;
    case 'ogonek': {
      // A small hook hanging from the right foot of the letter at the baseline.
      const startX = letter.right - Math.min(0.25 * width, 0.08 * s);
      shapes = [
        {
          kind: 'curve',
          from: [startX, 0],
          control: [startX - 0.1 * s, 0.16 * s],
          to: [startX + 0.05 * s, 0.2 * s],
        },
      ];
      break;
    }
    case 'stroke': {
      // Crosses the stem of l/L a little below its middle, rising to the right.
      const y = 0.45 * letter.top;
      const middle = (letter.left + letter.right) / 2 + SCRIPT_SLANT * -y;
      const half = Math.max(0.12 * s, 0.35 * width);
      shapes = [
        { kind: 'line', from: [middle - half, y + 0.04 * s], to: [middle + half, y - 0.04 * s] },
      ];
      break;
    }
  }
  return { shapes, lineWidth, bounds: shapesBounds(shapes, lineWidth / 2) };
}

function shapesBounds(shapes: readonly MarkShape[], pad: number): LetterInk {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const shape of shapes) {
    if (shape.kind === 'dot') {
      const [x, y] = shape.center;
      xs.push(x - shape.radius, x + shape.radius);
      ys.push(y - shape.radius, y + shape.radius);
    } else {
      // A quadratic curve stays inside the triangle of its points.
      const points =
        shape.kind === 'curve' ? [shape.from, shape.control, shape.to] : [shape.from, shape.to];
      for (const [x, y] of points) {
        xs.push(x - pad, x + pad);
        ys.push(y - pad, y + pad);
      }
    }
  }
  return {
    left: Math.min(...xs),
    right: Math.max(...xs),
    top: Math.min(...ys),
    bottom: Math.max(...ys),
  };
}
