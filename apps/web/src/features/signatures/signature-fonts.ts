/**
 * The handwriting fonts of SPEC.md §3. They are self-hosted through
 * `@fontsource`; the route module imports their CSS (Latin and Latin Extended
 * subsets, the latter carrying the Polish letters) so that only this page
 * downloads them.
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
   * a pen-drawn mark (see polish-marks.ts). A unit test reads the font files to
   * keep this list true.
   */
  missingLetters: string;
  /** `@fontsource` package and file stem, for that test. */
  packageName: string;
}

export const SIGNATURE_FONTS: readonly SignatureFont[] = [
  {
    id: 'HerrVonMuellerhoff',
    label: 'Herr Von Muellerhoff',
    family: 'Herr Von Muellerhoff',
    missingLetters: 'ąćęńśźżĄĆĘŃŚŹŻ',
    packageName: 'herr-von-muellerhoff',
  },
  { id: 'Ephesis', label: 'Ephesis', family: 'Ephesis', missingLetters: '', packageName: 'ephesis' },
  {
    id: 'Corinthia',
    label: 'Corinthia',
    family: 'Corinthia',
    missingLetters: '',
    packageName: 'corinthia',
  },
  {
    id: 'MeaCulpa',
    label: 'Mea Culpa',
    family: 'Mea Culpa',
    missingLetters: '',
    packageName: 'mea-culpa',
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
