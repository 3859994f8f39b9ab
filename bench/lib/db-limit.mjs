// The database limit of a message post (issue 20): the rows one
// `POST /api/tickets/:id/messages` writes (apps/server/src/modules/tickets/
// service/insert-message.ts), written by a minimal loop straight through the
// driver, one transaction per message, `loops` loops at once. It runs in its
// own node process (`node db-limit.mjs '<json options>'`), like the server's
// embedded database does, so the loop never shares a thread with the bench.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { serverSearch } from './polish-text.mjs';
import { root, round, summarize } from './util.mjs';

const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));
const PREVIEW = 'Dzień dobry, przesyłam kolejne informacje do zgłoszenia. Pozdrawiam serdecznie.';

/**
 * Per message, as the product writes it for a customer's post: the message
 * with its search tokens (computed once here: the loop measures the database),
 * the tokens recorded in `search_words` and added to the ticket's
 * `content_vector` (indexed in `tickets_content_search_idx` every time),
 * the ticket's activity/preview/turn/message count, the author's read marker, one outbox
 * job per admin (upserted on its dedupe key) and the event row.
 */
async function writeMessage(query, { ticketId, userId, admins, tokens }) {
  const now = new Date();
  const [message] = await query(
    `insert into ticket_messages (ticket_id, author_id, author_is_admin, body, created_at, internal,
       search_vector)
     values ($1, $2, false, $3, $4, false, array_to_tsvector($5::text[])) returning id`,
    [ticketId, userId, PREVIEW, now, tokens],
  );
  await query('insert into search_words (word) select unnest($1::text[]) on conflict do nothing', [
    [...new Set(tokens)].sort(),
  ]);
  await query(
    `update tickets set last_activity_at = $1, last_message_preview = $2, awaiting = 'staff',
     awaiting_since = $1, message_count = message_count + 1,
     content_vector = case when content_vector is null then null
       else content_vector || array_to_tsvector($4::text[]) end
     where id = $3`,
    [now, PREVIEW, ticketId, tokens],
  );
  await query(
    `insert into ticket_reads (ticket_id, user_id, last_read_message_id) values ($1, $2, $3)
     on conflict (ticket_id, user_id) do update set last_read_message_id = $3`,
    [ticketId, userId, message.id],
  );
  const runAt = new Date(now.getTime() + 120_000);
  const shared = admins.length * 2;
  const rows = admins.map(
    (_, i) => `('ticket-mail', $${2 * i + 1}, $${2 * i + 2}, $${shared + 1}, $${shared + 2})`,
  );
  await query(
    `insert into jobs (kind, dedupe_key, payload, run_at, created_at) values ${rows.join(', ')}
     on conflict (dedupe_key) do update set version = jobs.version + 1`,
    [
      ...admins.flatMap((admin) => [
        `ticket-mail:${ticketId}:${admin}`,
        JSON.stringify({ ticketId, userId: admin }),
      ]),
      runAt,
      now,
    ],
  );
  await query(
    `insert into ticket_events (ticket_id, owner_id, type, payload, created_at)
     values ($1, $2, 'message', $3, $4)`,
    [ticketId, userId, JSON.stringify({ message_id: message.id }), now],
  );
}

async function openDriver({ engine, dataDir, url, loops }) {
  if (engine === 'pglite') {
    const { PGlite } = serverRequire('@electric-sql/pglite');
    // The server's start parameters (apps/server/src/db/client.ts: fsync on, 16 MB buffers).
    const startParams = [
      ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
      '-c',
      'shared_buffers=16MB',
    ];
    const client = new PGlite(path.join(dataDir, 'db'), { startParams });
    await client.waitReady;
    return {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      transaction: (work) =>
        client.transaction((tx) => work(async (s, p) => (await tx.query(s, p)).rows)),
      close: () => client.close(),
    };
  }
  const pg = serverRequire('pg');
  // The server's pool size (apps/server/src/db/client.ts): loops beyond it wait, as requests do.
  const pool = new pg.Pool({ connectionString: url, max: Math.min(10, loops) });
  return {
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await work(async (s, p) => (await client.query(s, p)).rows);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function loop(options) {
  const { seconds, loops, customers: customerList } = options;
  const db = await openDriver(options);
  try {
    const admins = (await db.query('select id from users where is_admin order by id')).map(
      (r) => r.id,
    );
    const [{ n: customerCount }] = await db.query(
      'select count(*)::int as n from users where not is_admin',
    );
    // Each customer's second ticket (open; the product's POST run writes into the first).
    const tokens = (await serverSearch()).searchTokens(PREVIEW);
    const targets = customerList.map((c) => ({
      userId: c.userId,
      ticketId: c.ticketId + customerCount,
      admins,
      tokens,
    }));
    let next = 0;
    const run = async (duration) => {
      const latencies = [];
      const until = performance.now() + duration * 1000;
      await Promise.all(
        Array.from({ length: loops }, async () => {
          while (performance.now() < until) {
            const started = performance.now();
            const target = targets[next++ % targets.length];
            await db.transaction((query) => writeMessage(query, target));
            latencies.push(performance.now() - started);
          }
        }),
      );
      return latencies;
    };
    await run(Math.min(2, seconds));
    const cpuBefore = process.cpuUsage();
    const latencies = await run(seconds);
    const cpu = process.cpuUsage(cpuBefore);
    const stats = summarize(latencies);
    return {
      loops,
      transactions: stats.count,
      txPerSecond: round(stats.count / seconds, 0),
      p50: round(stats.p50, 2),
      p95: round(stats.p95, 2),
      p99: round(stats.p99, 2),
      // CPU time of this process per transaction: steadier than the rate on a shared machine.
      cpuMsPerTx: round((cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length), 2),
    };
  } finally {
    await db.close();
  }
}

/** Runs the loop in a child process; resolves with its figures. */
export function measureDbLimit(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), JSON.stringify(options)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`db-limit loop exited with ${code}`));
      else resolve(JSON.parse(out));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await loop(JSON.parse(process.argv[2]));
  process.stdout.write(JSON.stringify(result));
}
