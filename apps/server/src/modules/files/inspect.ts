import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/errors';

export const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const FILE_TYPES = new Set(['application/pdf', 'application/zip']);
const THUMBNAIL_PX = 320;
/** Decoding is bounded so a small file cannot expand into gigabytes of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export const unsupportedFileType = () => new AppError(415, 'unsupported_file_type');

/**
 * Loaded at the first image, not at start: the image library maps about 30 MB
 * that a server at rest does not need (bench/README.md, memory at rest).
 */
let sharpModule: Promise<typeof import('sharp')> | null = null;
async function loadSharp() {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

/** A stored file ready to be written: bytes we produced or checked, never the upload as sent. */
export interface PreparedFile {
  filename: string;
  mimetype: string;
  isImage: boolean;
  data: Buffer;
  sha256: string;
  width: number | null;
  height: number | null;
  thumbnail: Buffer | null;
}

/**
 * The type comes from the bytes, never from the name or the client's
 * Content-Type. Plain text has no signature, so text is accepted only when it
 * is valid UTF-8 without control characters and does not look like markup:
 * an HTML or SVG page renamed to .txt or .png is refused.
 */
export async function detectType(data: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    if (IMAGE_TYPES.has(detected.mime) || FILE_TYPES.has(detected.mime)) return detected.mime;
    throw unsupportedFileType();
  }
  if (isPlainText(data)) return 'text/plain';
  throw unsupportedFileType();
}

function isPlainText(data: Buffer): boolean {
  if (data.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // Tabs, newlines and carriage returns are text; other control characters are not.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is looked for
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false;
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  if (head.startsWith('<')) return false;
  return !/<(html|script|svg|body|iframe|!doctype|\?xml)[\s>/]/i.test(text);
}

/** The uploader's name as data: no directories, no control characters, bounded length. */
export function cleanFilename(raw: string | undefined, mimetype: string): string {
  const base = (raw ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  // Control characters (CR/LF included) could split a header or a log line.
  const cleaned = stripControl(base).trim().replace(/^\.+/, '').slice(0, 200);
  if (cleaned) return cleaned;
  const extension =
    {
      'image/png': 'png',
      'image/jpeg': 'jpg',
      'image/webp': 'webp',
      'application/pdf': 'pdf',
      'application/zip': 'zip',
    }[mimetype] ?? 'txt';
  return `plik.${extension}`;
}

/**
 * Images are decoded and encoded again: EXIF (location, camera) and any other
 * metadata are dropped, the EXIF orientation is applied to the pixels first so
 * the picture still stands the right way up, and anything hidden after the
 * image data is gone.
 */
export async function prepareFile(
  raw: Buffer,
  originalName: string | undefined,
): Promise<PreparedFile> {
  const mimetype = await detectType(raw);
  const filename = cleanFilename(originalName, mimetype);
  if (!IMAGE_TYPES.has(mimetype)) {
    return {
      filename,
      mimetype,
      isImage: false,
      data: raw,
      sha256: sha256(raw),
      width: null,
      height: null,
      thumbnail: null,
    };
  }
  const sharp = await loadSharp();
  try {
    const pipeline = sharp(raw, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const encoded =
      mimetype === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : mimetype === 'image/webp'
          ? pipeline.webp({ quality: 90 })
          : pipeline.jpeg({ quality: 90, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return {
      filename,
      mimetype,
      isImage: true,
      data,
      sha256: sha256(data),
      width: info.width,
      height: info.height,
      thumbnail,
    };
  } catch {
    // A file that claims to be an image but does not decode is not accepted.
    throw unsupportedFileType();
  }
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Removes C0 control characters and DEL. */
export function stripControl(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0x1f && code !== 0x7f) out += char;
  }
  return out;
}
