import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client';
import { rowsOf } from './rows-of';
import * as schema from './schema/index';
import {
  markSettingsApplied,
  settingsColumnsText,
  type TransactionSettings,
} from './transaction-settings';

/** What a read saw: the transaction's snapshot (`pg_current_snapshot()` as text) and the load's result. */
export interface SnapshotRead<T> {
  snapshot: string;
  read: T;
}

/**
 * Runs `load` in a read-only repeatable-read transaction, with `settings`
 * local to it, and returns its result with the snapshot it saw
 * (snapshot-cache.ts). On PostgreSQL the transaction's begin, its snapshot
 * and its settings are one round trip (a statement of three sent without
 * values), and its commit the second: a staff search made six round trips
 * with its session, four of them its transaction's own besides its
 * statement, each costing both processes CPU on this 2-core machine
 * (bench/README.md, search). PGlite answers in-process, through drizzle's
 * transaction.
 *
 * `load` must not open a transaction of its own in the handle it is given
 * (a read needs none): on PostgreSQL that handle is the connection itself.
 */
export async function readInSnapshot<T>(
  db: Db,
  settings: TransactionSettings,
  load: (tx: Db) => Promise<T>,
): Promise<SnapshotRead<T>> {
  // The snapshot and the settings in one statement, written without values.
  const extra = Object.keys(settings).length > 0 ? `, ${settingsColumnsText(settings)}` : '';
  const opening = `select pg_current_snapshot()::text as snapshot${extra}`;
  const pool = poolOf(db);
  if (pool) return readOnPostgres(pool, opening, settings, load);
  return db.transaction(
    async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await rowsOf<{ snapshot: string }>(tx, sql.raw(opening));
      if (!row?.snapshot) throw new Error('no snapshot');
      markSettingsApplied(tx, settings);
      return { snapshot: row.snapshot, read: await load(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** node-postgres's pool behind `db`, or null for PGlite (`$client` is the driver's client, drizzle's documented handle). */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: Partial<pg.Pool> }).$client;
  return client && typeof client.connect === 'function' && typeof client.totalCount === 'number'
    ? (client as pg.Pool)
    : null;
}

/** drizzle over each pooled connection, made once per connection (building one reads the whole schema). */
const connectionDbs = new WeakMap<pg.PoolClient, Db>();

async function connectionDb(client: pg.PoolClient): Promise<Db> {
  const known = connectionDbs.get(client);
  if (known) return known;
  // Loaded only on PostgreSQL, like client.ts's driver.
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const db = drizzle({ client, schema }) as unknown as Db;
  // A `transaction` here would send a second `begin` into the open one and commit it early.
  Object.defineProperty(db, 'transaction', {
    value: () => {
      throw new Error('a snapshot read opens no transaction of its own');
    },
  });
  connectionDbs.set(client, db);
  return db;
}

async function readOnPostgres<T>(
  pool: pg.Pool,
  opening: string,
  settings: TransactionSettings,
  load: (tx: Db) => Promise<T>,
): Promise<SnapshotRead<T>> {
  const client = await pool.connect();
  let tx: Db;
  let snapshot: string | undefined;
  try {
    // A fresh handle per transaction (the settings applied are remembered per handle).
    tx = Object.create(await connectionDb(client)) as Db;
    const results = (await client.query(
      `begin isolation level repeatable read read only; ${opening}`,
    )) as unknown as pg.QueryResult<{ snapshot: string }>[];
    snapshot = results.at(-1)?.rows[0]?.snapshot;
    if (!snapshot) throw new Error('no snapshot');
  } catch (error) {
    // Not given back for reuse: it may be left inside a transaction.
    client.release(asError(error));
    throw error;
  }
  markSettingsApplied(tx, settings);
  try {
    const read = await load(tx);
    await client.query('commit');
    client.release();
    return { snapshot, read };
  } catch (error) {
    try {
      await client.query('rollback');
      client.release();
    } catch (rollbackError) {
      client.release(asError(rollbackError));
    }
    throw error;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
