import { createHash } from 'node:crypto';
import { gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';
import { ticketAttachments } from '../db/schema/index';
import { systemClock } from '../lib/clock';
import { createDatabaseStorage } from '../storage/database-storage';
import { createLocalStorage } from '../storage/local-storage';
import type { FileStorage } from '../storage/storage';

/**
 * Attachment bytes of `migrate-to-postgres`. Every file an attachment row
 * names (the file and its thumbnail) is read as the embedded server read it
 * (DATA_DIR/uploads, or its file_blobs table if it ran with STORAGE=database),
 * put where the PostgreSQL server will look for it, and read back from there:
 * the sha256 of what the new server will serve must equal the source's, and
 * for the file itself the sha256 recorded at upload.
 */

export type TargetStorage = 'local' | 'database';

export interface FilesResult {
  files: number;
  bytes: number;
  problems: string[];
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const ATTACHMENTS_PER_BATCH = 200;

export async function copyAttachments(options: {
  source: Db;
  target: Db;
  uploadsDir: string;
  storage: TargetStorage;
}): Promise<FilesResult> {
  const { source, target, uploadsDir, storage } = options;
  const onDisk = createLocalStorage(uploadsDir);
  const inDatabase = createDatabaseStorage(systemClock);
  const readSource = async (key: string) =>
    (await onDisk.read(source, key)) ?? (await inDatabase.read(source, key));
  const targetStorage: FileStorage = storage === 'database' ? inDatabase : onDisk;
  const result: FilesResult = { files: 0, bytes: 0, problems: [] };

  let after = '';
  for (;;) {
    // Keyset pages in byte order of the id: a bounded number of rows in memory.
    const page = await source
      .select({
        id: ticketAttachments.id,
        storageKey: ticketAttachments.storageKey,
        thumbnailKey: ticketAttachments.thumbnailKey,
        sha256: ticketAttachments.sha256,
      })
      .from(ticketAttachments)
      .where(gt(sql`${ticketAttachments.id} collate "C"`, after))
      .orderBy(sql`${ticketAttachments.id} collate "C"`)
      .limit(ATTACHMENTS_PER_BATCH);
    if (!page.length) break;
    for (const attachment of page) {
      const keys = [attachment.storageKey, attachment.thumbnailKey].filter(
        (key): key is string => key !== null,
      );
      for (const key of keys) {
        const problem = await moveFile(
          key,
          attachment.storageKey === key ? attachment.sha256 : null,
        );
        if (problem) result.problems.push(`attachment ${attachment.id}: ${problem}`);
      }
    }
    after = page.at(-1)?.id ?? after;
  }
  return result;

  async function moveFile(key: string, recordedSha256: string | null): Promise<string | null> {
    const data = await readSource(key);
    if (!data) return `file ${key} is missing in the embedded data`;
    const expected = sha256(data);
    if (recordedSha256 && expected !== recordedSha256) {
      return `file ${key} does not match the sha256 recorded at upload`;
    }
    // Copied already when the embedded server kept its bytes in file_blobs.
    if (storage === 'database' && !(await blobExists(target, key))) {
      await inDatabase.write(target, key, data);
    }
    const served = await targetStorage.read(target, key);
    if (!served || sha256(served) !== expected) {
      return `file ${key} reads back differently from the ${storage} storage`;
    }
    result.files++;
    result.bytes += data.length;
    return null;
  }
}

async function blobExists(db: Db, key: string): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from file_blobs where key = ${key}) as found`,
  );
  return row?.found ?? false;
}
