import type { MessageFile, NewMessageInput, TicketsContext } from './context';
import { newFileKeys } from './file-keys';

/**
 * Writes a message's files (with their fsync) before its transaction begins,
 * where the storage lives outside the database: on PGlite the transaction
 * holds the only connection, so every other write used to wait behind the disk
 * (issue 20, uploads). `keep` learns each key before its bytes are written, so
 * the caller can discard them all if anything after this fails. Database
 * storage writes nothing here: its bytes are rows of the transaction itself.
 */
export async function writeFilesAhead(
  ctx: TicketsContext,
  message: NewMessageInput,
  keep: (key: string) => void,
): Promise<NewMessageInput> {
  const writeAhead = ctx.storage.writeAhead?.bind(ctx.storage);
  if (!writeAhead || message.files.length === 0) return message;
  const writes: Promise<void>[] = [];
  const files = message.files.map((file): MessageFile => {
    const { keys, writes: bytes } = newFileKeys(file, keep);
    for (const { key, data } of bytes) writes.push(writeAhead(key, data));
    return { ...file, writtenAs: keys };
  });
  // Every write is over before a failure is reported, so the caller's discard finds them all.
  const failed = (await Promise.allSettled(writes)).find((w) => w.status === 'rejected');
  if (failed) throw failed.reason;
  return { ...message, files };
}
