import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../db/client';
import * as schema from '../db/schema/index';
import { copyAttachments, type FilesResult, type TargetStorage } from './migrate-to-postgres-files';
import {
  checkTable,
  copySequences,
  copyTable,
  describeTables,
  firstTableWithRows,
  normaliseSession,
  type TableCheck,
} from './migrate-to-postgres-tables';

/**
 * Moves an embedded installation (PGlite in DATA_DIR/db, files in
 * DATA_DIR/uploads) to PostgreSQL, issue 15. The embedded server must be
 * stopped: the DATA_DIR lock is taken for the whole run.
 *
 * The target is migrated, then filled in ONE transaction that also holds the
 * checks: row counts and an md5 per table, sha256 per attachment. A mismatch
 * rolls everything back, so the target is either a checked copy or empty.
 */

export class MigrationRefused extends Error {}
export class MigrationMismatch extends Error {}

export interface MigrationSummary {
  tables: { name: string; rows: number; md5: string }[];
  sequences: number;
  storage: TargetStorage;
  files: number;
  bytes: number;
}

export async function migrateToPostgres(options: {
  dataDir: string;
  targetUrl: string;
  storage: TargetStorage;
  batchSize?: number;
}): Promise<MigrationSummary> {
  const dataDir = path.resolve(options.dataDir);
  if (!fs.existsSync(path.join(dataDir, 'db'))) {
    throw new MigrationRefused(`No embedded database in ${dataDir} (set DATA_DIR).`);
  }
  await refuseNonEmptyTarget(options.targetUrl);
  // Takes the DATA_DIR lock (refuses beside a running server) and brings the
  // embedded schema up to date, so both sides have the same tables.
  const embedded = await openPglite(dataDir);
  try {
    // Created only now: a refused run leaves even the schema of the target alone.
    await (await openPostgres(options.targetUrl, { max: 1 })).close();
    const client = new pg.Client({ connectionString: options.targetUrl });
    await client.connect();
    try {
      const target = drizzle({ client, schema }) as unknown as Db;
      return await target.transaction((tx) =>
        embedded.db.transaction((source) =>
          copyEverything(source, tx, {
            uploadsDir: path.join(dataDir, 'uploads'),
            storage: options.storage,
            batchSize: options.batchSize ?? 500,
          }),
        ),
      );
    } finally {
      await client.end();
    }
  } finally {
    await embedded.close();
  }
}

async function refuseNonEmptyTarget(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await firstTableWithRows(drizzle({ client }) as unknown as Db);
    if (found) throw notEmpty(found);
  } finally {
    await client.end();
  }
}

const notEmpty = (table: string) =>
  new MigrationRefused(
    `The target database is not empty (${table} has rows); nothing was written. ` +
      'Migrate into a new, empty database (createdb …).',
  );

async function copyEverything(
  source: Db,
  target: Db,
  options: { uploadsDir: string; storage: TargetStorage; batchSize: number },
): Promise<MigrationSummary> {
  // Checked again inside the transaction: another process may have written since.
  const found = await firstTableWithRows(target);
  if (found) throw notEmpty(found);
  await normaliseSession(source);
  await normaliseSession(target);
  const tables = await describeTables(source);
  await refuseDifferentSchema(tables, await describeTables(target));

  const copied = new Map<string, number>();
  for (const table of tables) {
    if (table.derived) continue;
    copied.set(table.name, await copyTable(source, target, table, options.batchSize));
  }
  const sequences = await copySequences(source, target);

  // Before the attachments: with --storage database they add rows to file_blobs.
  const problems: string[] = [];
  const checked: MigrationSummary['tables'] = [];
  for (const table of tables) {
    const [expected, actual] = [await checkTable(source, table), await checkTable(target, table)];
    // A derived table was rebuilt, not copied: only what it holds is compared.
    const count = table.derived ? expected.rows : (copied.get(table.name) ?? 0);
    const problem = compareTable(table.name, expected, actual, count);
    if (problem) problems.push(problem);
    checked.push({ name: table.name, ...actual });
  }
  const files: FilesResult = await copyAttachments({ source, target, ...options });
  problems.push(...files.problems);
  if (problems.length) {
    throw new MigrationMismatch(
      `The copy does not match the embedded data; nothing was written:\n  ${problems.join('\n  ')}`,
    );
  }
  return {
    tables: checked,
    sequences,
    storage: options.storage,
    files: files.files,
    bytes: files.bytes,
  };
}

async function refuseDifferentSchema(
  source: { name: string; columns: string[] }[],
  target: { name: string; columns: string[] }[],
): Promise<void> {
  const shape = (tables: typeof source) =>
    tables.map((t) => `${t.name}(${t.columns.join(', ')})`).sort();
  const [a, b] = [shape(source), shape(target)];
  const differing = a.filter((t) => !b.includes(t)).concat(b.filter((t) => !a.includes(t)));
  if (differing.length) {
    throw new MigrationRefused(
      `The embedded and target schemas differ (${differing.join('; ')}); is the target ` +
        'database migrated by a different version of the server?',
    );
  }
}

function compareTable(
  name: string,
  expected: TableCheck,
  actual: TableCheck,
  copied: number,
): string | null {
  if (expected.rows !== actual.rows || copied !== expected.rows) {
    return `${name}: ${expected.rows} rows in the embedded database, ${copied} copied, ${actual.rows} in PostgreSQL`;
  }
  if (expected.md5 !== actual.md5) {
    return `${name}: checksum ${actual.md5} in PostgreSQL, ${expected.md5} in the embedded database`;
  }
  return null;
}

export function formatSummary(summary: MigrationSummary): string {
  const width = Math.max(...summary.tables.map((t) => t.name.length));
  const rows = summary.tables.map(
    (t) => `  ${t.name.padEnd(width)}  ${String(t.rows).padStart(8)} rows  md5 ${t.md5 || '-'}`,
  );
  const where =
    summary.storage === 'database'
      ? 'copied into PostgreSQL (start the server with STORAGE=database)'
      : 'left in DATA_DIR/uploads (start the server with STORAGE=local and the same DATA_DIR)';
  return [
    'Every table copied and checked (row count and md5 equal on both sides):',
    ...rows,
    `${summary.sequences} sequences set past the largest ids.`,
    `${summary.files} attachment files (${summary.bytes} bytes) ${where}; every sha256 checked.`,
  ].join('\n');
}
