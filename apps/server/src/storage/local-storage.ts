import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray, or } from 'drizzle-orm';
import { ticketAttachments } from '../db/schema/index';
import { type FileStorage, STORAGE_KEY_PATTERN } from './storage';

/**
 * Files under DATA_DIR/uploads. Each is written to uploads/.tmp first and
 * renamed into place, so a reader never sees half a file and a crash leaves
 * only temp files, which the start-up sweep deletes.
 */
export function createLocalStorage(uploadsDir: string): FileStorage {
  const tmpDir = path.join(uploadsDir, '.tmp');
  const fileFor = (key: string) => {
    // Keys are ours, but a path is only ever built from a key of the expected shape.
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(uploadsDir, key.slice(0, 2), key);
  };

  // Directories known to exist: two mkdir calls per file were a quarter of the
  // main thread's file work per upload (issue 20). The sweep empties the set.
  const madeDirs = new Set<string>();
  const ensureDir = async (dir: string) => {
    if (madeDirs.has(dir)) return;
    await fs.mkdir(dir, { recursive: true });
    madeDirs.add(dir);
  };

  const writeOnce = async (key: string, data: Buffer) => {
    const target = fileFor(key);
    await ensureDir(path.dirname(target));
    await ensureDir(tmpDir);
    const temp = path.join(tmpDir, `${key}.${process.pid}.part`);
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      // The bytes are on disk before the row that points at them commits.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  };

  const writeDurably = async (key: string, data: Buffer) => {
    try {
      await writeOnce(key, data);
    } catch (error) {
      // A directory removed under us (a restore, a hand clean-up): made again, once.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || madeDirs.size === 0) throw error;
      madeDirs.clear();
      await fs.rm(path.join(tmpDir, `${key}.${process.pid}.part`), { force: true });
      await writeOnce(key, data);
    }
  };

  return {
    kind: 'local',
    write: (_tx, key, data) => writeDurably(key, data),
    writeAhead: writeDurably,
    async discard(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileFor(key), { force: true })));
    },
    async read(_db, key) {
      try {
        return await fs.readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async size(_db, key) {
      try {
        return (await fs.stat(fileFor(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    stream(_db, key, range) {
      // 64 KiB reads: the default, small enough that a slow client holds little memory.
      return createReadStream(fileFor(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(_db, keys) {
      await Promise.all(keys.map((key) => fs.rm(fileFor(key), { force: true })));
    },
    async sweep(db) {
      await fs.rm(tmpDir, { recursive: true, force: true });
      madeDirs.clear();
      let removed = 0;
      const shards = await fs.readdir(uploadsDir).catch(() => [] as string[]);
      for (const shard of shards) {
        if (shard.startsWith('.')) continue;
        const dir = path.join(uploadsDir, shard);
        const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) =>
          STORAGE_KEY_PATTERN.test(n),
        );
        for (let i = 0; i < names.length; i += 500) {
          const batch = names.slice(i, i + 500);
          const rows = await db
            .select({ a: ticketAttachments.storageKey, t: ticketAttachments.thumbnailKey })
            .from(ticketAttachments)
            .where(
              or(
                inArray(ticketAttachments.storageKey, batch),
                inArray(ticketAttachments.thumbnailKey, batch),
              ),
            );
          const known = new Set(rows.flatMap((r) => [r.a, r.t]));
          for (const name of batch) {
            if (known.has(name)) continue;
            await fs.rm(path.join(dir, name), { force: true });
            removed++;
          }
        }
      }
      return removed;
    },
  };
}
