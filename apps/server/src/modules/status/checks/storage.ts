import fs from 'node:fs/promises';
import path from 'node:path';
import { countOf } from '@studio/shared/plural';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows-of';
import { ticketAttachments } from '../../../db/schema/index';
import { bytesInWords } from '../format';
import type { StatusCheckFn } from '../status-check';

const GB = 1024 ** 3;

/** Amber below either, red below the last (DESIGN.md §7.12). */
export const DISK_WARN_SHARE = 0.1;
export const DISK_WARN_BYTES = GB;
export const DISK_FAIL_SHARE = 0.02;

/** The folder itself, or the nearest one above it that exists (uploads/ appears with the first file). */
async function existingFolder(folder: string): Promise<string> {
  let current = folder;
  for (;;) {
    try {
      await fs.access(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/** Free and total bytes of the disk holding `folder`, for the server's own user. */
export async function diskSpace(folder: string) {
  const stats = await fs.statfs(await existingFolder(folder));
  return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
}

/**
 * `storage`: how many attachment files there are and how much they take, and
 * the free space of the disk they (and the embedded database) live on.
 */
export const storageCheck: StatusCheckFn = async (app) => {
  const { config, db } = app.deps;
  const [row] = await rowsOf<{ files: string | number; bytes: string | number | null }>(
    db,
    sql`select count(*) + count(${ticketAttachments.thumbnailKey}) as files,
               sum(${ticketAttachments.size} + coalesce(${ticketAttachments.thumbnailSize}, 0)) as bytes
        from ${ticketAttachments}`,
  );
  const files = Number(row?.files ?? 0);
  const held = `${countOf(files, { one: 'plik', few: 'pliki', many: 'plików' })} załączników (${bytesInWords(Number(row?.bytes ?? 0))})`;
  // With PostgreSQL and the files in it, nothing of ours is on this machine's disk.
  if (config.storage === 'database' && config.databaseUrl) {
    return {
      id: 'storage',
      state: 'ok',
      detail: `${held} w bazie PostgreSQL; miejsce na dysku pilnuje serwer bazy.`,
    };
  }
  const folder = config.storage === 'local' ? path.join(config.dataDir, 'uploads') : config.dataDir;
  let space: { free: number; total: number };
  try {
    space = await diskSpace(folder);
  } catch {
    return {
      id: 'storage',
      state: 'fail',
      detail: `${held}. Nie można odczytać wolnego miejsca na dysku z ${folder}: sprawdź, czy folder istnieje i serwer ma do niego dostęp.`,
    };
  }
  const share = space.total ? space.free / space.total : 0;
  const free = `wolne ${bytesInWords(space.free)} z ${bytesInWords(space.total)} (${Math.floor(share * 100)}%) na dysku z ${folder}`;
  if (share < DISK_FAIL_SHARE) {
    return {
      id: 'storage',
      state: 'fail',
      detail: `${held}; ${free}. Dysk jest prawie pełny: zwolnij miejsce albo powiększ dysk teraz, zanim przestaną się zapisywać wiadomości i pliki.`,
    };
  }
  if (share < DISK_WARN_SHARE || space.free < DISK_WARN_BYTES) {
    return {
      id: 'storage',
      state: 'warn',
      detail: `${held}; ${free}. Miejsca zaczyna brakować: zwolnij miejsce albo zaplanuj większy dysk.`,
    };
  }
  return { id: 'storage', state: 'ok', detail: `${held}; ${free}.` };
};
