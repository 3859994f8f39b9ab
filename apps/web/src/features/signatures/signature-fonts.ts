/**
 * The handwriting fonts of SPEC.md §3. They are self-hosted through
 * `@fontsource`; only the route module imports their CSS, so only this page
 * downloads them (the Latin Extended subsets carry the Polish letters).
 */
export const SIGNATURE_FONT_IDS = [
  'HerrVonMuellerhoff',
  'Ephesis',
  'Corinthia',
  'MeaCulpa',
] as const;

export type SignatureFontId = (typeof SIGNATURE_FONT_IDS)[number];

export interface SignatureFont {
  id: SignatureFontId;
  /** Name shown in the font list. */
  label: string;
  /** CSS family name declared by the `@fontsource` package. */
  family: string;
  /**
   * Polish letters the font has no glyph for; they are drawn as base letter plus
   * a pen-drawn mark (see polish-marks.ts). The browser tests compare this list
   * with the glyphs the loaded fonts really have.
   */
  missingLetters: string;
}

export const SIGNATURE_FONTS: readonly SignatureFont[] = [
  {
    id: 'HerrVonMuellerhoff',
    label: 'Herr Von Muellerhoff',
    family: 'Herr Von Muellerhoff',
    missingLetters: 'ąćęńśźżĄĆĘŃŚŹŻ',
  },
  {
    id: 'Ephesis',
    label: 'Ephesis',
    family: 'Ephesis',
    missingLetters: '',
  },
  {
    id: 'Corinthia',
    label: 'Corinthia',
    family: 'Corinthia',
    missingLetters: '',
  },
  {
    id: 'MeaCulpa',
    label: 'Mea Culpa',
    family: 'Mea Culpa',
    missingLetters: '',
  },
];

export const DEFAULT_SIGNATURE_FONT: SignatureFontId = 'HerrVonMuellerhoff';

export function getSignatureFont(id: SignatureFontId): SignatureFont {
  const font = SIGNATURE_FONTS.find((candidate) => candidate.id === id);
  if (!font) throw new Error(`Unknown signature font: ${id}`);
  return font;
}

/** Canvas/CSS `font` shorthand for the handwritten name. */
export function scriptFont(id: SignatureFontId, size: number): string {
  return `${size}px "${getSignatureFont(id).family}"`;
}
