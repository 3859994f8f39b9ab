import { newStorageKey, thumbnailKeyOf } from '../../../storage/storage';
import type { MessageFile, WrittenFileKeys } from './context';

/**
 * New storage keys for a file and its thumbnail, each handed to `keep` before
 * a byte is written, so the caller can discard them all if the message is not
 * stored, and the bytes to write under each. Shared by the files written ahead
 * of the transaction and those written inside it (database storage).
 */
export function newFileKeys(
  file: MessageFile,
  keep: (key: string) => void,
): { keys: WrittenFileKeys; writes: Array<{ key: string; data: Buffer }> } {
  const storageKey = newStorageKey();
  keep(storageKey);
  const writes = [{ key: storageKey, data: file.data }];
  if (!file.thumbnail) return { keys: { storageKey, thumbnailKey: null }, writes };
  const thumbnailKey = thumbnailKeyOf(storageKey);
  keep(thumbnailKey);
  writes.push({ key: thumbnailKey, data: file.thumbnail });
  return { keys: { storageKey, thumbnailKey }, writes };
}
