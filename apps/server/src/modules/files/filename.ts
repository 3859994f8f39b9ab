import { ACCEPTED_FILE_TYPES } from '@studio/shared/file-types';

/**
 * The name a file is listed and downloaded under. The uploader chooses it, and
 * staff open what they download, so the name must not lie about the content
 * (security review 2026-11, findings 9 and 34):
 * - its extension is the one of the type detected from the bytes: a wrong last
 *   extension is replaced (`run.bat` holding text → `run.txt`,
 *   `faktura.pdf.exe` holding a ZIP → `faktura.pdf.zip`) and a missing one is
 *   added (`README` → `README.txt`). Replacing rather than appending keeps the
 *   dangerous word out of the end of the name, where Windows would show
 *   `run.bat` for `run.bat.txt` with known extensions hidden;
 * - control, format (bidi overrides and isolates, zero-width, BOM) and line
 *   separator characters are removed, so `faktura\u202Esj.fdp` cannot display
 *   as something else than it is;
 * - directories are dropped and the length is capped, keeping the extension.
 *
 * It is applied when a file is stored and again whenever a stored name is
 * listed or served, so rows written before this rule follow it too. Applying
 * it twice changes nothing.
 */

const EXTENSIONS: Record<string, readonly string[]> = Object.fromEntries(
  ACCEPTED_FILE_TYPES.map((type) => [type.mime, type.extensions]),
);

export const FILENAME_MAX_CHARS = 200;
const FALLBACK_STEM = 'plik';

/**
 * Cc: C0 and C1 controls (CR/LF could split a header or a log line); Cf: bidi
 * marks, embeddings, overrides and isolates (U+200E-F, U+202A-E, U+2066-9),
 * zero-width characters, the BOM, soft hyphens; Zl/Zp: line and paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** The extensions a detected type is saved under; the first is the one we give. */
export function extensionsFor(mimetype: string): readonly string[] {
  return EXTENSIONS[mimetype] ?? ['bin'];
}

export function stripInvisible(value: string): string {
  return value.replace(INVISIBLE, '');
}

/** A safe, truthful download name for a file of `mimetype` called `raw` by its uploader. */
export function cleanFilename(raw: string | null | undefined, mimetype: string): string {
  const allowed = extensionsFor(mimetype);
  const base = stripInvisible((raw ?? '').normalize('NFC'))
    .split(/[/\\]/)
    .pop();
  // Windows drops trailing dots and spaces, which would bring a hidden extension back.
  const name = (base ?? '')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[.\s]+$/, '');
  const match = name.match(/^(.+)\.([\p{L}\p{N}]{1,16})$/u);
  const stem = match?.[1] ?? name;
  const given = match?.[2];
  // The uploader's spelling (`.JPG`, `.jpeg`) is kept when it is right for the type.
  const suffix = given && allowed.includes(given.toLowerCase()) ? given : (allowed[0] ?? 'bin');
  const room = FILENAME_MAX_CHARS - suffix.length - 1;
  // Cut by code points, so no surrogate pair is split in half.
  const cutStem = Array.from(stem)
    .slice(0, room)
    .join('')
    .replace(/[.\s]+$/, '');
  return `${cutStem || FALLBACK_STEM}.${suffix}`;
}
