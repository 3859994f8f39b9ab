import { eq, inArray, sql } from 'drizzle-orm';
import { fileBlobs } from '../db/schema/index';
import type { Clock } from '../lib/clock';
import type { FileStorage } from './storage';

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
