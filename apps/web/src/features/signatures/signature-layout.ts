/**
 * Pure layout maths of the signature image (SPEC.md §9): sizes, text fitting,
 * the bounds of rotated text and the download file name. Nothing here touches
 * the DOM, so it runs in unit tests and during prerendering.
 */
import { POLISH_LETTERS, splitUnsupportedLetters } from './polish-marks';

export const SIGNATURE_WIDTH = 750;
export const SIGNATURE_HEIGHT = 340;

/**
 * SPEC.md §9 rotates the signature by 1.5°. We tilt the handwritten name
 * counter-clockwise (rising to the right, as hands usually write); the canvas
 * rotates by the negative of this angle.
 */
export const SIGNATURE_ROTATION_DEG = 1.5;

export const FONT_SIZES = {
  name: 90,
  label: 30,
  department: 20,
  rank: 30,
} as const;

/** Longest name and rank the form accepts; at these lengths text still fits by shrinking. */
export const NAME_MAX_LENGTH = 48;
export const RANK_MAX_LENGTH = 48;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Ink extents of a text run drawn at a given size with `textAlign = 'left'`
 * and `textBaseline = 'alphabetic'`, as `CanvasRenderingContext2D.measureText`
 * reports them: `left` is how far the ink reaches left of the pen position
 * (script fonts often overhang), `right` how far it reaches to the right.
 */
export interface InkMetrics {
  left: number;
  right: number;
  ascent: number;
  descent: number;
}

export type MeasureInk = (fontSize: number) => InkMetrics;

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Size of the axis-aligned box that holds a `width`×`height` box rotated by `degrees`. */
export function rotatedBounds(
  width: number,
  height: number,
  degrees: number,
): { width: number; height: number } {
  const angle = toRadians(degrees);
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  return {
    width: width * cos + height * sin,
    height: width * sin + height * cos,
  };
}

export function inkSize(metrics: InkMetrics): { width: number; height: number } {
  return {
    width: Math.max(0, metrics.left + metrics.right),
    height: Math.max(0, metrics.ascent + metrics.descent),
  };
}

export interface FitOptions {
  measure: MeasureInk;
  /** The size the specification asks for; text is never drawn larger. */
  baseSize: number;
  maxWidth: number;
  maxHeight: number;
  rotationDeg?: number;
  /** Safety floor so an absurd input cannot produce a zero or negative size. */
  minSize?: number;
}

/**
 * Largest font size ≤ `baseSize` at which the (optionally rotated) ink of the
 * text fits inside `maxWidth`×`maxHeight`. Long names therefore shrink rather
 * than being cut. Ink scales almost linearly with the font size, so each step
 * jumps straight to the proportional size; the loop only absorbs the small
 * non-linearity of hinting and kerning.
 */
export function fitFontSize({
  measure,
  baseSize,
  maxWidth,
  maxHeight,
  rotationDeg = 0,
  minSize = 4,
}: FitOptions): number {
  let size = baseSize;
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const ink = inkSize(measure(size));
    const bounds = rotatedBounds(ink.width, ink.height, rotationDeg);
    const scale = Math.min(
      bounds.width > 0 ? maxWidth / bounds.width : 1,
      bounds.height > 0 ? maxHeight / bounds.height : 1,
    );
    if (scale >= 1) return size;
    // Round down to a tenth of a pixel and step at least that much, so the loop always progresses.
    let next = Math.floor(size * scale * 10) / 10;
    if (next >= size) next = size - 0.1;
    size = Math.max(minSize, next);
    if (size === minSize) return size;
  }
  return size;
}

export interface RotatedPlacement {
  fontSize: number;
  /** Point the canvas is translated to before rotating: the centre of the region. */
  centerX: number;
  centerY: number;
  /** Pen position for `fillText`, relative to the rotated origin, that centres the ink on it. */
  penX: number;
  penY: number;
  /** Rotation to apply with `ctx.rotate`, in radians (negative: counter-clockwise). */
  rotation: number;
}

/**
 * Fits a text run into `region` after rotation and returns where to draw it so
 * that the centre of its ink sits on the centre of the region.
 */
export function placeRotatedText(
  measure: MeasureInk,
  region: Box,
  baseSize: number,
  rotationDeg: number,
): RotatedPlacement {
  const fontSize = fitFontSize({
    measure,
    baseSize,
    maxWidth: region.width,
    maxHeight: region.height,
    rotationDeg,
  });
  const ink = measure(fontSize);
  // Centre of the ink relative to the pen position (y grows downwards on canvas).
  const inkCenterX = (ink.right - ink.left) / 2;
  const inkCenterY = (ink.descent - ink.ascent) / 2;
  return {
    fontSize,
    centerX: region.x + region.width / 2,
    centerY: region.y + region.height / 2,
    penX: -inkCenterX,
    penY: -inkCenterY,
    rotation: -toRadians(rotationDeg),
  };
}

/** Regions of the 750×340 picture. Kept here so tests can check they stay inside the canvas. */
export const SIGNATURE_LAYOUT = {
  /** Department emblem, left column. */
  emblem: { x: 48, y: 58, width: 150, height: 150 },
  /** Short department code (label, 30 px) under the emblem. */
  code: { x: 28, y: 218, width: 190, height: 40 },
  /** The handwritten name (90 px script, rotated). */
  name: { x: 240, y: 22, width: 480, height: 150 },
  /** The line the name is "signed" on. */
  rule: { x: 250, y: 178, width: 460, height: 2 },
  /** Printed name (label, 30 px). */
  label: { x: 240, y: 190, width: 480, height: 40 },
  /** Rank (italic, 30 px). */
  rank: { x: 240, y: 232, width: 480, height: 40 },
  /** Department full name (20 px). */
  department: { x: 240, y: 280, width: 480, height: 30 },
} as const satisfies Record<string, Box>;

/**
 * Plain ASCII version of a name: Polish letters first (ł has no Unicode
 * decomposition, so NFD alone would keep it), then any other accented letter
 * loses its accent.
 */
export function transliterate(text: string): string {
  return splitUnsupportedLetters(text.toLowerCase(), POLISH_LETTERS)
    .text.normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const FILENAME_STEM_MAX = 60;

/** `Jan Kowalski` → `podpis-jan-kowalski.png`; an empty or unusable name gives `podpis.png`. */
export function signatureFileName(name: string): string {
  let slug = transliterate(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length > FILENAME_STEM_MAX) {
    slug = slug.slice(0, FILENAME_STEM_MAX);
    // Prefer to cut between words rather than inside one.
    const lastDash = slug.lastIndexOf('-');
    if (lastDash > FILENAME_STEM_MAX / 2) slug = slug.slice(0, lastDash);
    slug = slug.replace(/-+$/g, '');
  }
  return slug ? `podpis-${slug}.png` : 'podpis.png';
}
