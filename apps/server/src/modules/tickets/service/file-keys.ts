import { newStorageKey, thumbnailKeyOf } from '../../../storage/storage';
import type { MessageFile, WrittenFileKeys } from './context';

/**
 * New storage keys for a file and its thumbnail, each handed to `keep` before
 * a byte is written, so the caller can discard them all if the message is not
 * stored. Shared by the files written ahead of the transaction and those
 * written inside it (database storage).
 */
export function newFileKeys(file: MessageFile, keep: (key: string) => void): WrittenFileKeys {
  const storageKey = newStorageKey();
  keep(storageKey);
  if (!file.thumbnail) return { storageKey, thumbnailKey: null };
  const thumbnailKey = thumbnailKeyOf(storageKey);
  keep(thumbnailKey);
  return { storageKey, thumbnailKey };
}
