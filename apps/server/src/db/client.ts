import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { withDrizzleParsers } from './pglite-driver';
import * as schema from './schema/index';

/** One type for both engines: the code above this module never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, read by the metrics; PGlite has none. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /**
   * The embedded instance itself, for the online backup (modules/backups), which
   * dumps it between queries; `dataDir` is null for an in-memory database.
   */
  embedded?: { client: PGlite; dataDir: string | null };
  /** Cheap round trip for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function migrationsFolder(): string {
  // src/db/ in development and tests, dist/ once bundled.
  const here = path.dirname(new URL(import.meta.url).pathname);
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * PGlite's defaults, except two: `-F` (fsync off) is dropped, so a committed
 * message survives a power cut, not just a crash of the process; and a 16 MB
 * buffer cache instead of 128 MB keeps the server at rest well under 250 MB
 * (bench/README.md) at no measured cost in speed.
 */
export const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'shared_buffers=16MB',
];

/**
 * A fresh DATA_DIR starts as a copy of the migrated, empty database the build
 * writes beside the bundle (build.mjs): copying its files natively takes a
 * tenth of the time PGlite needs to create a cluster and migrate it, and a
 * fifth of unpacking the same files through PGlite's own file system from a
 * tar (bench/README.md, cold start). The copy is made under a temporary name
 * and renamed, so a start stopped halfway leaves no half database behind.
 * Without the template (tests and development run the sources) PGlite creates
 * the cluster itself.
 */
function copyEmptyDatabase(dbDir: string, template: string) {
  if (fs.existsSync(path.join(dbDir, 'PG_VERSION'))) return;
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return;
  const copying = `${dbDir}.copying`;
  fs.rmSync(copying, { recursive: true, force: true });
  fs.cpSync(template, copying, { recursive: true });
  // An empty db/ (made by hand, or by an older start) is replaced; one with files is an error.
  if (fs.existsSync(dbDir)) fs.rmdirSync(dbDir);
  fs.renameSync(copying, dbDir);
}

/** Where the build writes that database: beside the bundle (dist/). */
export const BUNDLED_EMPTY_DATABASE = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  'empty-database',
);

/**
 * Open PGlite in DATA_DIR/db, or memory when dataDir is null (tests), and
 * migrate. In memory, `memoryImage` (a `dumpDataDir` of a database) is where
 * it starts instead of a new cluster: the tests' way to skip initdb.
 */
export async function openPglite(
  dataDir: string | null,
  emptyDatabase = BUNDLED_EMPTY_DATABASE,
  memoryImage?: Blob | File,
): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    const dbDir = path.join(dataDir, 'db');
    copyEmptyDatabase(dbDir, emptyDatabase);
    client = new PGlite(dbDir, { startParams: EMBEDDED_START_PARAMS });
  } else {
    client = memoryImage ? new PGlite({ loadDataDir: memoryImage }) : new PGlite();
  }
  try {
    await client.waitReady;
    const db = drizzlePglite({ client: withDrizzleParsers(client), schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    return {
      db,
      kind: 'pglite',
      embedded: { client, dataDir },
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

// Any constant works; it only has to be the same for every instance.
const MIGRATION_LOCK_ID = 424242;

/** Connect to PostgreSQL and migrate, one instance at a time. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  // The PostgreSQL driver is loaded only when it is used: an embedded start
  // does not pay for it (cold start, bench/README.md).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // While PostgreSQL is down, calls fail within seconds (503) instead of hanging.
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const lockClient = await pool.connect();
  try {
    // Several instances may start at once; the advisory lock lets one migrate
    // while the others wait and then find nothing left to do.
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient }), { migrationsFolder: migrationsFolder() });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
