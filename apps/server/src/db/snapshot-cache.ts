import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows-of';
import { readInSnapshot } from './snapshot-read';
import type { TransactionSettings } from './transaction-settings';

/** A cached read: the JSON answer, plus whatever the caller needs beside it. */
export interface CachedRead {
  json: string;
}

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/** Which transactions are committed, as text: equal texts mean nothing was committed in between. */
export async function currentSnapshot(db: Db): Promise<string> {
  const [row] = await rowsOf<{ snapshot: string }>(
    db,
    sql`select pg_current_snapshot()::text as snapshot`,
  );
  const snapshot = row?.snapshot;
  if (!snapshot) throw new Error('no snapshot');
  return snapshot;
}

/**
 * Reads that are answered again without querying while the database is
 * unchanged. What a query sees is decided entirely by its snapshot (which
 * transactions are committed: `pg_current_snapshot()`), so a result read
 * under one snapshot is still exact for any later request that finds the same
 * snapshot: nothing was committed in between, by this instance or any other.
 * No invalidation to forget; any write anywhere simply makes the next read
 * run its queries again. Entries are dropped oldest first beyond `maxBytes`.
 */
export class SnapshotCache {
  private readonly entries = new Map<string, { snapshot: string; read: CachedRead }>();
  private bytes = 0;

  constructor(
    private readonly db: Db,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  /**
   * `settings`: what the load's transaction needs set (a search's: search.ts
   * `searchSettings`), set with its snapshot instead of by a statement of
   * their own (snapshot-read.ts).
   */
  async read<T extends CachedRead>(
    key: string,
    load: (tx: Db) => Promise<T>,
    settings: TransactionSettings = {},
  ): Promise<T> {
    // Without an entry there is nothing to compare: the load's own snapshot is all it needs.
    const entry = this.entries.get(key);
    if (entry && entry.snapshot === (await currentSnapshot(this.db))) return entry.read as T;
    // One snapshot for every query of the load, and the same one recorded with it.
    const fresh = await readInSnapshot(this.db, settings, load);
    this.store(key, fresh.snapshot, fresh.read);
    return fresh.read;
  }

  private store(key: string, snapshot: string, read: CachedRead) {
    this.drop(key);
    if (read.json.length > this.maxBytes) return;
    this.entries.set(key, { snapshot, read });
    this.bytes += read.json.length;
    // Map keeps insertion order: the first keys are the least recently stored.
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.read.json.length;
  }
}
