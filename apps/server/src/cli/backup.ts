import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_START_PARAMS } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';
import {
  backupFolderName,
  checksumUploads,
  MANIFEST_FORMAT,
  type Manifest,
  PRIVATE_DIR,
  PRIVATE_FILE,
  tableCounts,
  writeManifest,
} from '../modules/backups/index';

/**
 * Backup and restore of the embedded mode: the PGlite database and the
 * uploaded files of one DATA_DIR. A backup is a folder holding
 * `database.tar.gz` (PGlite's own dump of its data directory), `uploads/` and
 * `manifest.json` with the row count of every table, which restore checks.
 *
 * Both take the DATA_DIR lock, so they refuse to run beside a server on the
 * same DATA_DIR: a copy taken under a running server could be torn. Beside a
 * running server, `npm run backup` asks that server instead, which takes the
 * same backup online (modules/backups, backup-cli.ts). PostgreSQL deployments
 * use pg_dump instead (docs/operations.md).
 */

export type { Manifest };

export async function backupEmbedded(options: {
  dataDir: string;
  outDir: string;
  now?: Date;
}): Promise<{ folder: string; manifest: Manifest }> {
  const dataDir = path.resolve(options.dataDir);
  if (!fs.existsSync(path.join(dataDir, 'db'))) {
    throw new Error(`No embedded database in ${dataDir} (nothing to back up).`);
  }
  const release = acquireDataDirLock(dataDir);
  const now = options.now ?? new Date();
  const folder = path.resolve(options.outDir, backupFolderName(now));
  const partial = `${folder}.partial`;
  try {
    fs.rmSync(partial, { recursive: true, force: true });
    // Every password hash, e-mail and message is in here: the owner alone may read it,
    // whatever the umask (finding 29). Folders created on the way to it are 0700 too.
    fs.mkdirSync(partial, { recursive: true, mode: PRIVATE_DIR });
    const client = new PGlite(path.join(dataDir, 'db'), { startParams: EMBEDDED_START_PARAMS });
    let tables: Record<string, number>;
    try {
      tables = await tableCounts(client);
      const dump = await client.dumpDataDir('gzip');
      fs.writeFileSync(
        path.join(partial, 'database.tar.gz'),
        Buffer.from(await dump.arrayBuffer()),
        { mode: PRIVATE_FILE },
      );
    } finally {
      await client.close();
    }
    const uploads = path.join(dataDir, 'uploads');
    if (fs.existsSync(uploads))
      fs.cpSync(uploads, path.join(partial, 'uploads'), { recursive: true });
    const checksums = await checksumUploads(path.join(partial, 'uploads'));
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      tables,
      uploads: Object.keys(checksums).length,
      checksums,
      origin: 'cli',
    };
    await writeManifest(partial, manifest);
    // Renamed only when complete, so a half-written backup never looks like a good one.
    fs.renameSync(partial, folder);
    return { folder, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

/** The restore is shared with the online backup's verification (modules/backups). */
export { restoreEmbedded } from '../modules/backups/index';
