import {
  ACCEPTED_EXTENSIONS,
  ACCEPTED_FILE_TYPES,
  FILE_ACCEPT_ATTRIBUTE,
} from '@studio/shared/file-types';
import { MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE } from '@studio/shared/limits';
import {
  FILE_TOO_LARGE_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
  UNSUPPORTED_FILE_MESSAGE,
} from '~/lib/error-messages';

/**
 * Which files a message may carry (SPEC.md §5, §9): at most 5, each at most
 * 8 MB, of the types in packages/shared/src/file-types.ts. Files are checked
 * as they are added, however they come (picker, paste, drop); refused ones
 * are listed in the composer with the reason (issue 18).
 */

export { MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE };

/** The part of `File` these rules look at, so tests need no DOM. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export type FileSource = 'picker' | 'paste' | 'drop';

/** Images shown inline (SPEC.md §9: PNG, JPG, JPEG, WEBP). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'];
/** The API's list (packages/shared), plus the odd names Windows gives a ZIP. */
const ACCEPTED_MIME_TYPES = [
  ...ACCEPTED_FILE_TYPES.map((type) => type.mime),
  'application/x-zip-compressed',
  'application/x-zip',
];

/** Value for the picker's `accept` attribute: the server's list, from packages/shared. */
export const ACCEPT_ATTRIBUTE = FILE_ACCEPT_ATTRIBUTE;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isImageFile(file: FileLike): boolean {
  if (file.type) return (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
  return IMAGE_EXTENSIONS.includes(extensionOf(file.name));
}

/**
 * Browsers report an empty or odd type for some files (a .zip on Windows is
 * `application/x-zip-compressed`), so the extension decides when the type
 * does not. The server checks the real bytes anyway.
 */
export function isAcceptedFile(file: FileLike): boolean {
  if (isImageFile(file)) return true;
  if (ACCEPTED_MIME_TYPES.includes(file.type)) return true;
  return ACCEPTED_EXTENSIONS.includes(extensionOf(file.name));
}

export function isTooLarge(file: FileLike): boolean {
  return file.size > MAX_FILE_BYTES;
}

/** Why a file was not attached; the composer lists each refused file with its reason. */
export type RefusalReason = 'type' | 'size' | 'count';

export interface RefusedFile<T extends FileLike> {
  file: T;
  reason: RefusalReason;
}

export interface AddFilesResult<T extends FileLike> {
  files: T[];
  /** Every file not attached, with its reason, in the order they came. */
  refused: RefusedFile<T>[];
  tooLarge: number;
  /** Refused because the message already holds the maximum. */
  overLimit: number;
  unsupported: number;
}

/**
 * Adds `incoming` to the files already attached, applying the rules above.
 * Since issue 18 every source is size-checked at once (a dropped file too):
 * a refused file is listed in the composer, never silently left out.
 */
export function addFiles<T extends FileLike>(
  current: readonly T[],
  incoming: readonly T[],
  _source: FileSource,
): AddFilesResult<T> {
  const files = [...current];
  const refused: RefusedFile<T>[] = [];
  for (const file of incoming) {
    if (!isAcceptedFile(file)) refused.push({ file, reason: 'type' });
    else if (isTooLarge(file)) refused.push({ file, reason: 'size' });
    else if (files.length >= MAX_FILES_PER_MESSAGE) refused.push({ file, reason: 'count' });
    else files.push(file);
  }
  const counted = (reason: RefusalReason) => refused.filter((r) => r.reason === reason).length;
  return {
    files,
    refused,
    tooLarge: counted('size'),
    overLimit: counted('count'),
    unsupported: counted('type'),
  };
}

/** The toasts an `addFiles` result calls for, one per kind of problem. */
export function addFilesNotices(result: AddFilesResult<FileLike>): string[] {
  const notices: string[] = [];
  if (result.tooLarge > 0) notices.push(FILE_TOO_LARGE_MESSAGE);
  if (result.overLimit > 0) notices.push(TOO_MANY_FILES_MESSAGE);
  if (result.unsupported > 0) notices.push(UNSUPPORTED_FILE_MESSAGE);
  return notices;
}

/** What is actually uploaded: oversize files (only possible from a drop) are left out. */
export function filesForSend<T extends FileLike>(files: readonly T[]): T[] {
  return files.filter((file) => !isTooLarge(file)).slice(0, MAX_FILES_PER_MESSAGE);
}

/** SPEC.md §5: non-empty trimmed text or at least one file that will be sent. */
export function canSend(body: string, files: readonly FileLike[]): boolean {
  return body.trim() !== '' || filesForSend(files).length > 0;
}
