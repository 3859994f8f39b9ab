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
 * A mail's attachments through exactly the checks of an upload (the files
 * module's prepareFile: type from the bytes, images re-encoded without
 * metadata, an honest name). Images a mail program embeds in its own
 * signature or layout (inline, referenced by cid) are not attachments.
 */
export async function checkAttachments(
  attachments: readonly InboundAttachment[],
): Promise<CheckedAttachments> {
  const files: PreparedFile[] = [];
  const refused: string[] = [];
  for (const attachment of attachments) {
    if (attachment.related) continue;
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
      files.push(await prepareFile(content, attachment.filename ?? undefined));
    } catch (error) {
      // Whatever a file does to the checks (a decoder's own error included) refuses that file
      // only: the sender chose the bytes, and one file must not hold up the mail (review N8).
      const unsupported = error instanceof AppError && error.code === 'unsupported_file_type';
      refused.push(`${name} (${unsupported ? 'niedozwolony typ pliku' : 'plik odrzucony'})`);
    }
  }
  return { files, refused };
}
