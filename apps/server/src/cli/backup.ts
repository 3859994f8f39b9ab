import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_START_PARAMS } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';

/**
 * Backup and restore of the embedded mode: the PGlite database and the
 * uploaded files of one DATA_DIR. A backup is a folder holding
 * `database.tar.gz` (PGlite's own dump of its data directory), `uploads/` and
 * `manifest.json` with the row count of every table, which restore checks.
 *
 * Both take the DATA_DIR lock, so they refuse to run beside a server on the
 * same DATA_DIR: a copy taken under a running server could be torn. Stop the
 * server, back up (seconds for a small studio), start it again. PostgreSQL
 * deployments use pg_dump instead (docs/operations.md).
 */

export interface Manifest {
  format: 'studio-embedded-backup/1';
  createdAt: string;
  tables: Record<string, number>;
  uploads: number;
}

async function tableCounts(client: PGlite): Promise<Record<string, number>> {
  const { rows } = await client.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of rows) {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from "${tablename.replace(/"/g, '""')}"`,
    );
    counts[tablename] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) n++;
  }
  return n;
}

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

function stamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

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
  const folder = path.resolve(options.outDir, `studio-backup-${stamp(now)}`);
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
    const manifest: Manifest = {
      format: 'studio-embedded-backup/1',
      createdAt: now.toISOString(),
      tables,
      uploads: countFiles(path.join(partial, 'uploads')),
    };
    fs.writeFileSync(
      path.join(partial, 'manifest.json'),
      `${JSON.stringify(manifest, null, 2)}\n`,
      {
        mode: PRIVATE_FILE,
      },
    );
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

export async function restoreEmbedded(options: {
  backupDir: string;
  dataDir: string;
}): Promise<Manifest> {
  const backupDir = path.resolve(options.backupDir);
  const dataDir = path.resolve(options.dataDir);
  const manifestPath = path.join(backupDir, 'manifest.json');
  if (!fs.existsSync(manifestPath))
    throw new Error(`${backupDir} is not a backup (no manifest.json).`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== 'studio-embedded-backup/1') {
    throw new Error(`Unknown backup format in ${manifestPath}.`);
  }
  if (fs.existsSync(path.join(dataDir, 'db')) || fs.existsSync(path.join(dataDir, 'uploads'))) {
    throw new Error(
      `${dataDir} already holds data. Restore into a new, empty DATA_DIR and point the server at it.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  try {
    const dump = new Blob([fs.readFileSync(path.join(backupDir, 'database.tar.gz'))]);
    const client = new PGlite(path.join(dataDir, 'db'), {
      loadDataDir: dump,
      startParams: EMBEDDED_START_PARAMS,
    });
    try {
      const restored = await tableCounts(client);
      for (const [table, count] of Object.entries(manifest.tables)) {
        if (restored[table] !== count) {
          throw new Error(
            `Restore check failed: ${table} has ${restored[table]} rows, expected ${count}.`,
          );
        }
      }
    } finally {
      await client.close();
    }
    const uploads = path.join(backupDir, 'uploads');
    if (fs.existsSync(uploads))
      fs.cpSync(uploads, path.join(dataDir, 'uploads'), { recursive: true });
    const files = countFiles(path.join(dataDir, 'uploads'));
    if (files !== manifest.uploads) {
      throw new Error(
        `Restore check failed: ${files} uploaded files, expected ${manifest.uploads}.`,
      );
    }
    return manifest;
  } catch (error) {
    // Leave no half-restored DATA_DIR behind.
    fs.rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
    fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}
