import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileBlobs } from '../db/schema/index';
import type { Clock } from '../lib/clock';
import type { ByteRange, FileStorage } from './storage';

/** One query per MiB: a served file never sits whole in memory, even from a bytea row. */
const CHUNK_BYTES = 1024 * 1024;

/** Bytes in a bytea table: every instance sees them and they commit with the message. */
export function createDatabaseStorage(clock: Clock): FileStorage {
  return {
    kind: 'database',
    async write(tx, key, data) {
      await tx.insert(fileBlobs).values({ key, data, createdAt: clock.now() });
    },
    async discard() {
      // The rolled-back transaction already took the rows with it.
    },
    async read(db, key) {
      const [row] = await db
        .select({ data: fileBlobs.data })
        .from(fileBlobs)
        .where(eq(fileBlobs.key, key));
      return row?.data ?? null;
    },
    async size(db, key) {
      const [row] = await db
        .select({ size: sql<number>`octet_length(${fileBlobs.data})`.mapWith(Number) })
        .from(fileBlobs)
        .where(eq(fileBlobs.key, key));
      return row?.size ?? null;
    },
    stream(db, key, range) {
      return Readable.from(chunks(db, key, range));
    },
    async remove(db, keys) {
      if (keys.length) await db.delete(fileBlobs).where(inArray(fileBlobs.key, [...keys]));
    },
    async sweep(db) {
      const result = await db.execute(sql`
        delete from file_blobs b
        where not exists (select 1 from ticket_attachments a where a.storage_key = b.key)
          and not exists (select 1 from ticket_attachments a where a.thumbnail_key = b.key)`);
      return (
        (result as unknown as { affectedRows?: number; rowCount?: number }).rowCount ??
        (result as unknown as { affectedRows?: number }).affectedRows ??
        0
      );
    },
  };
}

async function* chunks(db: Db, key: string, range: ByteRange | undefined) {
  let position = range?.start ?? 0;
  const end = range?.end ?? Number.POSITIVE_INFINITY;
  while (position <= end) {
    const length = Math.min(CHUNK_BYTES, end - position + 1);
    // substring() counts from 1; only the asked part leaves the database.
    const [row] = await db
      .select({
        part: sql<Buffer>`substring(${fileBlobs.data} from ${position + 1} for ${length})`.mapWith(
          fileBlobs.data,
        ),
      })
      .from(fileBlobs)
      .where(eq(fileBlobs.key, key));
    if (!row) throw new Error(`file ${key} is gone`);
    if (row.part.length === 0) return;
    yield row.part;
    position += row.part.length;
  }
}
