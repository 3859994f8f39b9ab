import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * The folder a backup of the embedded mode is, whoever made it (`npm run
 * backup`, the running server on its schedule or when asked): `database.tar.gz`
 * (PGlite's own dump of its data directory), `uploads/` and `manifest.json`.
 * `npm run restore` reads any of them.
 */
export interface Manifest {
  format: 'studio-embedded-backup/1';
  createdAt: string;
  /** Rows of every table at the moment of the dump; restore checks them. */
  tables: Record<string, number>;
  /** Files under uploads/ (thumbnails included). */
  uploads: number;
  /** sha256 (hex) of each file under uploads/, by its path there ('ab/ab12….thumb'); older backups lack it. */
  checksums?: Record<string, string>;
  /**
   * Who made it: `cli` (`npm run backup` with the server stopped), `server`
   * (`npm run backup` answered by the running server), `schedule` (the daily
   * one; the only folders the rotation ever deletes).
   */
  origin?: 'cli' | 'server' | 'schedule';
  /** The restore into a temporary folder that followed the backup (online backups). */
  verification?: { at: string; ok: boolean; error?: string };
}

export const MANIFEST_FORMAT = 'studio-embedded-backup/1';
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;
export const BACKUP_PREFIX = 'studio-backup-';

/** `studio-backup-20261127-030000`: sorts by time, readable, no colons for other file systems. */
export function backupFolderName(date: Date): string {
  return `${BACKUP_PREFIX}${date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
}

type Queryable = Pick<PGlite | Transaction, 'query'>;

/** Row count of every table; inside a transaction, of the same snapshot its other reads see. */
export async function tableCounts(client: Queryable): Promise<Record<string, number>> {
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

/**
 * Paths (relative, '/'-separated) of the stored files under an uploads folder.
 * Dot-folders are left out: uploads/.tmp holds half-written files that become
 * real ones by a rename, never files a committed row points at.
 */
export function uploadedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const shard of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!shard.isDirectory() || shard.name.startsWith('.')) continue;
    for (const file of fs.readdirSync(path.join(dir, shard.name), { withFileTypes: true })) {
      if (file.isFile()) found.push(`${shard.name}/${file.name}`);
    }
  }
  return found.sort();
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** sha256 of every stored file under an uploads folder, read one at a time. */
export async function checksumUploads(dir: string): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const file of uploadedFiles(dir)) sums[file] = await sha256OfFile(path.join(dir, file));
  return sums;
}

/** Written to a temporary name and renamed: a manifest is never half there. */
export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  const target = path.join(folder, 'manifest.json');
  const temp = `${target}.tmp`;
  await fsp.writeFile(temp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE });
  await fsp.rename(temp, target);
}

export function readManifest(folder: string): Manifest {
  const manifestPath = path.join(folder, 'manifest.json');
  if (!fs.existsSync(manifestPath))
    throw new Error(`${folder} is not a backup (no manifest.json).`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT) {
    throw new Error(`Unknown backup format in ${manifestPath}.`);
  }
  return manifest;
}

/** Bytes a folder takes on disk (its files' sizes). */
export function folderSize(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}
