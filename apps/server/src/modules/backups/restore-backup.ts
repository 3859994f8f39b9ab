import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_START_PARAMS } from '../../db/client';
import { acquireDataDirLock } from '../../db/data-dir-lock';
import {
  checksumUploads,
  type Manifest,
  readManifest,
  tableCounts,
  uploadedFiles,
} from './backup-format';

/**
 * `npm run restore`, and the check every online backup gets: the backup goes
 * into a new DATA_DIR, and every table must hold the rows and every file the
 * bytes (sha256) the manifest recorded at backup time.
 */
export async function restoreEmbedded(options: {
  backupDir: string;
  dataDir: string;
}): Promise<Manifest> {
  const backupDir = path.resolve(options.backupDir);
  const dataDir = path.resolve(options.dataDir);
  const manifest = readManifest(backupDir);
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
    const files = uploadedFiles(path.join(dataDir, 'uploads'));
    if (files.length !== manifest.uploads) {
      throw new Error(
        `Restore check failed: ${files.length} uploaded files, expected ${manifest.uploads}.`,
      );
    }
    if (manifest.checksums) await checkChecksums(path.join(dataDir, 'uploads'), manifest.checksums);
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

/** Every file the backup recorded, with the same bytes (backups older than checksums skip this). */
async function checkChecksums(uploads: string, expected: Record<string, string>) {
  const actual = await checksumUploads(uploads);
  for (const [file, sum] of Object.entries(expected)) {
    if (actual[file] !== sum) {
      throw new Error(
        actual[file] === undefined
          ? `Restore check failed: ${file} is missing.`
          : `Restore check failed: ${file} differs from the backed-up file (sha256).`,
      );
    }
  }
}
