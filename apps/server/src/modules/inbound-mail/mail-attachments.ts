import { MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE } from '@studio/shared/limits';
import { AppError } from '../../lib/errors';
import { type PreparedFile, prepareFile } from '../files/index';
import type { InboundAttachment } from './parse-mail';

export interface CheckedAttachments {
  files: PreparedFile[];
  /** „nazwa (powód)” of each attachment that was not taken, for the message body. */
  refused: string[];
}

/**
 * Pasted pictures smaller than this (bytes, or pixels on either side) are a
 * signature's logo, a social icon or a tracking pixel, not something the
 * customer meant to show: a screenshot, even of one button, is several KB and
 * far more than 32 pixels wide. They are left out without a note.
 */
export const MIN_PASTED_IMAGE_BYTES = 2 * 1024;
export const MIN_PASTED_IMAGE_PIXELS = 32;

/**
 * A mail's attachments through exactly the checks of an upload (the files
 * module's prepareFile: type from the bytes, images re-encoded without
 * metadata, an honest name). Pictures pasted into an HTML mail (embedded,
 * referenced by `cid:`) are attachments too, shown in the thread like
 * uploaded pictures, except the tiny ones of a signature or layout (above).
 * At most MAX_FILES_PER_MESSAGE are taken, in the mail's order; the others
 * are named in the message body.
 */
export async function checkAttachments(
  attachments: readonly InboundAttachment[],
): Promise<CheckedAttachments> {
  const files: PreparedFile[] = [];
  const refused: string[] = [];
  for (const attachment of attachments) {
    // Counted by bytes first: a mail of a thousand logos costs no image decoding.
    if (attachment.related && attachment.content.length < MIN_PASTED_IMAGE_BYTES) continue;
    const name = attachment.filename ?? 'bez nazwy';
    if (files.length >= MAX_FILES_PER_MESSAGE) {
      refused.push(`${name} (najwyżej ${MAX_FILES_PER_MESSAGE} plików w wiadomości)`);
      continue;
    }
    if (attachment.content.length > MAX_FILE_BYTES) {
      refused.push(`${name} (plik większy niż 8 MB)`);
      continue;
    }
    try {
      const content = Buffer.from(
        attachment.content.buffer,
        attachment.content.byteOffset,
        attachment.content.length,
      );
      const file = await prepareFile(content, attachment.filename ?? undefined);
      if (attachment.related && isTiny(file)) continue;
      files.push(file);
    } catch (error) {
      // Whatever a file does to the checks (a decoder's own error included) refuses that file
      // only: the sender chose the bytes, and one file must not hold up the mail (review N8).
      const unsupported = error instanceof AppError && error.code === 'unsupported_file_type';
      refused.push(`${name} (${unsupported ? 'niedozwolony typ pliku' : 'plik odrzucony'})`);
    }
  }
  return { files, refused };
}

const isTiny = (file: PreparedFile) =>
  file.isImage &&
  ((file.width ?? 0) < MIN_PASTED_IMAGE_PIXELS || (file.height ?? 0) < MIN_PASTED_IMAGE_PIXELS);
