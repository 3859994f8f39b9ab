import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, truncateAll } from '../../test/helpers';
import type { Database } from './client';
import { users } from './schema/index';
import { currentSnapshot, SnapshotCache } from './snapshot-cache';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
beforeEach(() => truncateAll(database));
afterAll(() => database.close());

function newUser(name: string) {
  const now = new Date();
  return {
    username: name,
    email: `${name}@example.com`,
    passwordHash: 'x',
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

async function addUser(name: string) {
  await database.db.insert(users).values(newUser(name));
}

/** A read that counts how often it really queried. */
function countingRead() {
  let loads = 0;
  const load = async (tx: Database['db']) => {
    loads++;
    const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n from users`);
    const rows = (result as unknown as { rows: Array<{ n: number }> }).rows;
    return { json: JSON.stringify(rows[0]?.n) };
  };
  return { load, loads: () => loads };
}

/**
 * Transaction ids are shared by every database of a PostgreSQL cluster, so a
 * commit by another test file running beside this one (CI runs them in
 * parallel on one server) changes the snapshot too. A claim that holds "while
 * nothing was committed" is checked in a window in which nothing was,
 * anywhere; a window disturbed from outside is tried again (on PGlite, one
 * connection, it never is).
 */
async function whileNothingCommits(check: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    const before = await currentSnapshot(database.db);
    let failure: unknown = null;
    try {
      await check();
    } catch (error) {
      failure = error;
    }
    if (before === (await currentSnapshot(database.db))) {
      if (failure) throw failure;
      return;
    }
    if (attempt === 20) throw new Error('other commits disturbed 20 windows in a row');
  }
}

describe('SnapshotCache', () => {
  it('answers again from memory while nothing was committed', async () => {
    await addUser('ala');
    await whileNothingCommits(async () => {
      const cache = new SnapshotCache(database.db);
      const read = countingRead();
      expect((await cache.read('users', read.load)).json).toBe('1');
      expect((await cache.read('users', read.load)).json).toBe('1');
      expect((await cache.read('users', read.load)).json).toBe('1');
      expect(read.loads()).toBe(1);
    });
  });

  it('reads again after any commit, made through any connection', async () => {
    const cache = new SnapshotCache(database.db);
    const read = countingRead();
    expect((await cache.read('users', read.load)).json).toBe('0');
    await addUser('ola');
    expect((await cache.read('users', read.load)).json).toBe('1');
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('ewa'));
    });
    expect((await cache.read('users', read.load)).json).toBe('2');
    expect(read.loads()).toBe(3);
  });

  it('a load that fails is not stored', async () => {
    const cache = new SnapshotCache(database.db);
    await expect(
      cache.read('broken', async () => {
        throw new Error('nope');
      }),
    ).rejects.toThrow('nope');
    const read = countingRead();
    expect((await cache.read('broken', read.load)).json).toBe('0');
    expect(read.loads()).toBe(1);
  });

  it('keeps keys apart and drops the oldest entries beyond its size', async () => {
    await whileNothingCommits(async () => {
      const cache = new SnapshotCache(database.db, 10);
      const loads: string[] = [];
      const value = (text: string) => async () => {
        loads.push(text);
        return { json: text };
      };
      await cache.read('a', value('aaaaaa'));
      await cache.read('b', value('bbbbbb'));
      // 12 characters exceed the 10 allowed: `a` went, `b` stayed.
      expect((await cache.read('b', value('new-b'))).json).toBe('bbbbbb');
      expect((await cache.read('a', value('new-a'))).json).toBe('new-a');
      expect(loads).toEqual(['aaaaaa', 'bbbbbb', 'new-a']);
    });
  });
});
