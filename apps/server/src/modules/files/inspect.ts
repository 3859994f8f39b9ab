import { webcrypto } from 'node:crypto';
import { ACCEPTED_FILE_TYPES } from '@studio/shared/file-types';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/errors';
import { cleanFilename } from './filename';
import { reencodeImage, unsupportedFileType } from './image';
import { inspectZip } from './office';

export const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** Accepted types with a signature `file-type` knows; text and office documents are checked below. */
const FILE_TYPES = new Set(['application/pdf', 'application/zip']);
const ACCEPTED = new Set(ACCEPTED_FILE_TYPES.map((type) => type.mime));
/** Local file header: every ZIP container (docx, odt, …) starts with it. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** 415 with a reason, so the writer is told that macros, not Word files, are the problem. */
export const macroDocumentRefused = () =>
  new AppError(415, 'unsupported_file_type', { details: { reason: 'macro' } });

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
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) return zipContainerType(data);
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    if (IMAGE_TYPES.has(detected.mime) || FILE_TYPES.has(detected.mime)) return detected.mime;
    throw unsupportedFileType();
  }
  if (isPlainText(data)) return 'text/plain';
  throw unsupportedFileType();
}

/** A ZIP is an office document, a macro-enabled one (refused) or a plain archive. */
function zipContainerType(data: Buffer): string {
  const verdict = inspectZip(data);
  if (verdict.kind === 'macro') throw macroDocumentRefused();
  const mime = verdict.kind === 'document' ? verdict.mime : 'application/zip';
  if (!ACCEPTED.has(mime)) throw unsupportedFileType();
  return mime;
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

/**
 * Checks an upload and turns it into what is stored: the type from the bytes,
 * images re-encoded (`image.ts`), and a name that matches the type
 * (`filename.ts`).
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
      sha256: await sha256(raw),
      width: null,
      height: null,
      thumbnail: null,
    };
  }
  const image = await reencodeImage(raw, mimetype);
  return {
    filename,
    mimetype,
    isImage: true,
    data: image.data,
    sha256: await sha256(image.data),
    width: image.width,
    height: image.height,
    thumbnail: image.thumbnail,
  };
}

/**
 * WebCrypto's digest runs on the libuv pool: hashing an 8 MiB upload on the
 * main thread would hold every other request for ~20 ms (issue 20, uploads).
 */
async function sha256(data: Buffer): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', data)).toString('hex');
}
