import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BackgroundWork } from '../lib/background-work';
import type { Database } from './client';

/*
 * PostgreSQL's autovacuum, done by hand for the embedded database. PGlite is
 * one process without background workers: its `autovacuum = on` does nothing,
 * so without this a studio's database would never
 *  - ANALYZE: the planner would keep guessing from empty statistics (a search
 *    chooses how to find its candidates from them: content-statistics.ts), and
 *    every benchmark's "analyze after seeding" would describe a database no
 *    installation ever has;
 *  - VACUUM: the space of every updated row (a ticket is rewritten with each
 *    message) and deleted row (sessions, codes, jobs) would never be reused,
 *    and the files would only grow.
 * PGlite keeps the same activity counters PostgreSQL does
 * (`pg_stat_user_tables`), so the same rule decides: a table is vacuumed once
 * its dead rows pass 50 + 20 % of its rows, analysed once its changes since the
 * last ANALYZE pass 50 + 10 % (PostgreSQL's default thresholds), and a table
 * with rows that was never analysed is analysed at once. One table per
 * look, the neediest first, because the embedded database answers one
 * statement at a time and a request waits while a table is vacuumed.
 */

const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;

/** How often the embedded database is looked at. */
const EMBEDDED_AUTOVACUUM_EVERY_MS = 60_000;

export interface UpkeepStep {
  table: string;
  /** `vacuum` also analyses (VACUUM (ANALYZE)). */
  action: 'vacuum' | 'analyze';
}

interface TableActivity {
  table: string;
  /** -1 until the table was first vacuumed or analysed. */
  tuples: number;
  dead: number;
  changed: number;
  /** Bytes in the table's main file. */
  size: number;
}

/** The table that most needs care now, or null when none passes its threshold. */
export async function nextUpkeepStep(client: Pick<PGlite, 'query'>): Promise<UpkeepStep | null> {
  const { rows } = await client.query<TableActivity>(
    `select s.relname as "table", c.reltuples::float8 as tuples,
            s.n_dead_tup::float8 as dead, s.n_mod_since_analyze::float8 as changed,
            pg_relation_size(s.relid)::float8 as size
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'`,
  );
  let best: { step: UpkeepStep; over: number } | null = null;
  for (const row of rows) {
    const tuples = Math.max(row.tuples, 0);
    const vacuumOver = row.dead / (VACUUM_BASE + VACUUM_SHARE * tuples);
    // Counters start again from zero after a crash (and in databases from
    // before this file), so a table holding rows it was never analysed with
    // is analysed whatever they say.
    const neverAnalysed = row.tuples < 0 && row.size > 0;
    const analyzeOver = neverAnalysed
      ? Number.POSITIVE_INFINITY
      : row.changed / (ANALYZE_BASE + ANALYZE_SHARE * tuples);
    const step: UpkeepStep | null =
      vacuumOver > 1
        ? { table: row.table, action: 'vacuum' }
        : analyzeOver > 1
          ? { table: row.table, action: 'analyze' }
          : null;
    const over = Math.max(vacuumOver, analyzeOver);
    if (step && (!best || over > best.over)) best = { step, over };
  }
  return best?.step ?? null;
}

/** Runs one step (simple protocol: VACUUM refuses to run inside a transaction or a prepared statement). */
export async function runUpkeepStep(client: Pick<PGlite, 'exec'>, step: UpkeepStep) {
  const table = `"${step.table.replaceAll('"', '""')}"`;
  await client.exec(step.action === 'vacuum' ? `vacuum (analyze) ${table}` : `analyze ${table}`);
}

/**
 * Looks once a minute (not in tests, which call the functions here) and
 * does at most one step; nothing on PostgreSQL, whose own autovacuum works.
 */
export function setUpEmbeddedAutovacuum(app: FastifyInstance, database: Database) {
  const client = database.embedded?.client;
  if (!client || app.deps.config.env === 'test') return;
  const { background, log } = app.deps;
  const stop = startEmbeddedAutovacuum({
    client,
    background,
    log,
    everyMs: EMBEDDED_AUTOVACUUM_EVERY_MS,
  });
  app.addHook('onClose', async () => stop());
}

/**
 * The timer: every `everyMs` a look that does at most one step, tracked as
 * background work (closing waits for a step under way), logged with its table
 * and duration; a failure is logged, and the next look tries again. Returns
 * the function that stops it.
 */
export function startEmbeddedAutovacuum({
  client,
  background,
  log,
  everyMs,
}: {
  client: Pick<PGlite, 'exec' | 'query'>;
  background: BackgroundWork;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  everyMs: number;
}): () => void {
  // A vacuum of a large table may outlast a minute; the next look waits for it.
  let looking = false;
  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      const step = await nextUpkeepStep(client);
      if (!step) return;
      const started = performance.now();
      await runUpkeepStep(client, step);
      log.info(
        { ...step, ms: Math.round(performance.now() - started) },
        'embedded database: table vacuumed or analysed',
      );
    } finally {
      looking = false;
    }
  };
  const timer = setInterval(() => {
    background.run(look()).catch((error: unknown) => {
      log.error({ err: error }, 'embedded database: vacuum or analyse failed');
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
