import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import type { Database, Db } from './client';
import { rowsOf } from './rows-of';
import { readInSnapshot } from './snapshot-read';
import { applyTransactionSettings } from './transaction-settings';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const SETTINGS = { statement_timeout: '4321', enable_seqscan: 'off' };

async function settingsSeen(tx: Db) {
  const [row] = await rowsOf<{ timeout: string; seqscan: string }>(
    tx,
    sql`select current_setting('statement_timeout') as timeout,
      current_setting('enable_seqscan') as seqscan`,
  );
  return row;
}

/** The statements PostgreSQL's connections are sent while `run` runs (none on PGlite). */
async function statementsSent(run: () => Promise<void>): Promise<string[]> {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  if (database.kind !== 'postgres') {
    await run();
    return [];
  }
  const sent: string[] = [];
  const patched = new Map<pg.PoolClient, pg.PoolClient['query']>();
  const onAcquire = (client: pg.PoolClient) => {
    if (patched.has(client)) return;
    const original = client.query;
    patched.set(client, original);
    client.query = ((...args: unknown[]) => {
      const first = args[0];
      sent.push(typeof first === 'string' ? first : String((first as { text: string }).text));
      return (original as (...a: unknown[]) => unknown).apply(client, args);
    }) as pg.PoolClient['query'];
  };
  pool.on('acquire', onAcquire);
  try {
    await run();
  } finally {
    pool.off('acquire', onAcquire);
    for (const [client, original] of patched) client.query = original;
  }
  return sent;
}

describe('readInSnapshot', () => {
  it('sets the settings for its transaction only, with its snapshot', async () => {
    const { snapshot, read } = await readInSnapshot(database.db, SETTINGS, settingsSeen);
    expect(snapshot).toMatch(/^\d+:\d+:/);
    expect(read).toEqual({ timeout: '4321ms', seqscan: 'off' });
    // The connection goes back to the pool without them.
    for (let i = 0; i < 3; i++) {
      expect(await settingsSeen(database.db)).toEqual({ timeout: '0', seqscan: 'on' });
    }
  });

  it('on PostgreSQL, begins, reads its snapshot and sets its settings in one round trip; settings asked for again are not sent', async () => {
    const sent = await statementsSent(async () => {
      await readInSnapshot(database.db, SETTINGS, async (tx) => {
        await applyTransactionSettings(tx, { enable_seqscan: 'off' });
        return settingsSeen(tx);
      });
    });
    if (database.kind !== 'postgres') return;
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(
      /^begin isolation level repeatable read read only; select pg_current_snapshot/,
    );
    expect(sent[0]).toContain("set_config('statement_timeout', '4321', true)");
    expect(sent[1]).toMatch(/current_setting/);
    expect(sent[2]).toBe('commit');
  });

  it('a load that fails is rolled back, and the connection serves the next read', async () => {
    await expect(
      readInSnapshot(database.db, SETTINGS, async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('nope');
      }),
    ).rejects.toThrow('nope');
    await expect(
      readInSnapshot(database.db, {}, async (tx) => tx.execute(sql`select 1/0`)),
    ).rejects.toThrow();
    if (database.kind === 'postgres') {
      // Its handle is the connection itself: a transaction in it would commit the read's early.
      await expect(
        readInSnapshot(database.db, {}, (tx) => tx.transaction(async () => 1)),
      ).rejects.toThrow('opens no transaction');
    }
    for (let i = 0; i < 3; i++) {
      const { read } = await readInSnapshot(database.db, {}, settingsSeen);
      expect(read).toEqual({ timeout: '0', seqscan: 'on' });
    }
  });

  it('settings the transaction lacks are sent, and last for it only', async () => {
    const { read } = await readInSnapshot(database.db, {}, async (tx) => {
      await applyTransactionSettings(tx, SETTINGS);
      return settingsSeen(tx);
    });
    expect(read).toEqual({ timeout: '4321ms', seqscan: 'off' });
    expect(await settingsSeen(database.db)).toEqual({ timeout: '0', seqscan: 'on' });
  });
});
