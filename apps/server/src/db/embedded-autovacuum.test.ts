import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BackgroundWork } from '../lib/background-work';
import { type Database, openPglite } from './client';
import { nextUpkeepStep, runUpkeepStep, startEmbeddedAutovacuum } from './embedded-autovacuum';

/*
 * The embedded database's autovacuum (embedded-autovacuum.ts), on a migrated
 * PGlite of its own whatever engine the suite runs on: PostgreSQL needs none.
 */

let database: Database;
let client: PGlite;
beforeAll(async () => {
  database = await openPglite(null);
  client = database.embedded?.client as PGlite;
});
afterAll(() => database.close());

/** The activity counters as PostgreSQL reads them: each backend reports them at most once a second. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await client.query('select 1');
}

async function activity(table: string) {
  const { rows } = await client.query<{ tuples: number; dead: number; changed: number }>(
    `select c.reltuples::float8 as tuples, s.n_dead_tup::float8 as dead,
            s.n_mod_since_analyze::float8 as changed
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
    [table],
  );
  return rows[0];
}

it('analyses a table once its changes pass the threshold, vacuums it once its dead rows do, and then leaves it', async () => {
  // A fresh database: nothing changed enough to need care.
  await settle();
  expect(await nextUpkeepStep(client)).toBeNull();

  await client.exec(
    `insert into security_log (event, created_at, details)
       select 'login_failed', now(), '{}'::jsonb from generate_series(1, 1000)`,
  );
  await settle();
  expect((await activity('security_log'))?.tuples).toBe(-1);
  const analyse = await nextUpkeepStep(client);
  expect(analyse).toEqual({ table: 'security_log', action: 'analyze' });
  await runUpkeepStep(client, analyse as NonNullable<typeof analyse>);
  await settle();
  expect(await activity('security_log')).toMatchObject({ tuples: 1000, changed: 0 });
  expect(await nextUpkeepStep(client)).toBeNull();

  // 200 dead rows of 1,000 stay under 50 + 20 %; 300 pass it.
  await client.exec('delete from security_log where id in (select id from security_log limit 200)');
  await settle();
  expect((await nextUpkeepStep(client))?.action).not.toBe('vacuum');
  await client.exec('delete from security_log where id in (select id from security_log limit 100)');
  await settle();
  const vacuum = await nextUpkeepStep(client);
  expect(vacuum).toEqual({ table: 'security_log', action: 'vacuum' });
  await runUpkeepStep(client, vacuum as NonNullable<typeof vacuum>);
  await settle();
  expect(await activity('security_log')).toMatchObject({ tuples: 700, dead: 0, changed: 0 });
  expect(await nextUpkeepStep(client)).toBeNull();
}, 30_000);

it('takes the neediest table first, one per look', async () => {
  await client.exec(`
    insert into security_log (event, created_at, details)
      select 'login_failed', now(), '{}'::jsonb from generate_series(1, 200);
    create table upkeep_probe (id int);
    insert into upkeep_probe select generate_series(1, 5000);`);
  await settle();
  // 5,000 changes over a threshold of 50 beat 200 over 120.
  expect(await nextUpkeepStep(client)).toEqual({ table: 'upkeep_probe', action: 'analyze' });
  await runUpkeepStep(client, { table: 'upkeep_probe', action: 'analyze' });
  await settle();
  expect(await nextUpkeepStep(client)).toEqual({ table: 'security_log', action: 'analyze' });
});

it('analyses a table that holds rows it was never analysed with, also when the counters were lost', async () => {
  await client.exec(`
    create table upkeep_lost (id int);
    insert into upkeep_lost select generate_series(1, 30);`);
  await settle();
  await client.exec('select pg_stat_reset()');
  await settle();
  expect(await activity('upkeep_lost')).toMatchObject({ tuples: -1, changed: 0 });
  expect(await nextUpkeepStep(client)).toEqual({ table: 'upkeep_lost', action: 'analyze' });
  await runUpkeepStep(client, { table: 'upkeep_lost', action: 'analyze' });
  await settle();
  expect(await nextUpkeepStep(client)).toBeNull();
});

it('quotes the table name it was given', async () => {
  await client.exec('create table "odd""name; drop table users" (id int)');
  await runUpkeepStep(client, { table: 'odd"name; drop table users', action: 'vacuum' });
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from pg_class where relname = 'users'",
  );
  expect(rows[0]?.n).toBe(1);
});

it('runs on its timer: one step a look, logged, never two looks at once, a failure logged and the next look tried, and stops', async () => {
  await client.exec(`
    create table upkeep_timed (id int);
    insert into upkeep_timed select generate_series(1, 500);`);
  await settle();
  const logged: { info: unknown[]; error: unknown[] } = { info: [], error: [] };
  const log = {
    info: (entry: unknown) => logged.info.push(entry),
    error: (entry: unknown) => logged.error.push(entry),
  };
  // A client whose first look fails and whose steps are slow (several timer ticks each);
  // it counts the calls in flight, which one look at a time keeps at one.
  let looks = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  const counted = async <T>(call: () => Promise<T>): Promise<T> => {
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      return await call();
    } finally {
      inFlight--;
    }
  };
  const slowClient = {
    query: ((...args: Parameters<PGlite['query']>) =>
      counted(async () => {
        looks++;
        if (looks === 1) throw new Error('the database was busy');
        return client.query(...args);
      })) as PGlite['query'],
    exec: ((...args: Parameters<PGlite['exec']>) =>
      counted(async () => {
        await new Promise((resolve) => setTimeout(resolve, 60));
        return client.exec(...args);
      })) as PGlite['exec'],
  };
  const background = new BackgroundWork();
  const stop = startEmbeddedAutovacuum({ client: slowClient, background, log, everyMs: 10 });
  const deadline = Date.now() + 10_000;
  while (!logged.info.some((entry) => (entry as { table?: string }).table === 'upkeep_timed')) {
    if (Date.now() > deadline) throw new Error('no step was logged');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  stop();
  await background.drain();
  const looksWhenStopped = looks;
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(logged.error).toHaveLength(1);
  expect(logged.info[0]).toMatchObject({ table: 'upkeep_timed', action: 'analyze' });
  expect((logged.info[0] as { ms: number }).ms).toBeGreaterThanOrEqual(50);
  expect(mostInFlight).toBe(1);
  expect(looks).toBe(looksWhenStopped);
}, 20_000);
