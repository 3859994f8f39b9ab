// `node bench/staff.mjs`: the staff workspace at 100,000 tickets and 1,000,000
// messages on PostgreSQL (issue 17): p50/p95/p99 of the admin list with each
// staff filter, the tab counts and the statistics, 20 connections each.
// Every call is measured twice: as the product answers it (the snapshot cache
// of docs/decisions/007 may answer repeated reads from memory) and with the
// cache defeated (a side connection takes a new transaction id every
// millisecond, so every read finds a new snapshot and runs its SQL), at 20
// connections and at one.
// Environment: BENCH_DURATION (seconds per run, 10), BENCH_SCALE (1),
// BENCH_SKIP_BUILD=1 (reuse apps/server/dist), BENCH_CALLS (see SELECTED).
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { login } from './lib/login.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { openPostgresDb, seed } from './lib/seed.mjs';
import { seedStaffColumns } from './lib/staff-seed.mjs';
import {
  log,
  machine,
  round,
  run,
  sleep,
  startServer,
  summarize,
  tempDir,
  writeResult,
} from './lib/util.mjs';

const num = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const duration = num('BENCH_DURATION', 10);
const scale = num('BENCH_SCALE', 1);
const CONNECTIONS = 20;

const CALLS = [
  ['list, all', '/api/tickets'],
  [
    'list, czeka na nas (awaiting=staff, sort=waiting)',
    '/api/tickets?status=open&awaiting=staff&sort=waiting',
  ],
  ['list, czeka na klienta (awaiting=customer)', '/api/tickets?awaiting=customer'],
  ['list, moje (assignee=me, open)', '/api/tickets?status=open&assignee=me'],
  ['list, nieprzypisane (assignee=none, open)', '/api/tickets?status=open&assignee=none'],
  ['list, zamknięte (status=closed)', '/api/tickets?status=closed'],
  ['list, po terminie (due=overdue)', '/api/tickets?due=overdue'],
  ['list, wkrótce termin (due=soon)', '/api/tickets?due=soon'],
  // The desk's sortable columns (issue 31), on the default open view.
  ['list, open, sort=due (soonest first)', '/api/tickets?status=open&sort=due'],
  ['list, open, sort=due&dir=desc', '/api/tickets?status=open&sort=due&dir=desc'],
  ['list, open, sort=number&dir=desc', '/api/tickets?status=open&sort=number&dir=desc'],
  ['list, all, sort=activity&dir=asc', '/api/tickets?sort=activity&dir=asc'],
  ['tab counts', '/api/admin/ticket-views'],
  ['statistics, 30 days', '/api/admin/stats'],
  ['statistics, 365 days', '/api/admin/stats?days=365'],
];
/**
 * BENCH_CALLS: comma-separated parts of a call's path; only calls whose path holds one of
 * them run (e.g. `BENCH_CALLS=due=` for the response-target views). Unset: every call.
 */
const only = (process.env.BENCH_CALLS ?? '').split(',').filter(Boolean);
const SELECTED = only.length
  ? CALLS.filter(([, p]) => only.some((part) => p.includes(part)))
  : CALLS;

/** `connections` loops, each sending its next request when the last one answered. */
async function measure(url, cookie, connections = CONNECTIONS) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const statuses = {};
  const until = performance.now() + duration * 1000;
  const once = (target) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.get(target, { agent, headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          resolve();
        });
      });
      req.on('error', reject);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await once(url);
    }),
  );
  agent.destroy();
  const stats = summarize(latencies.sort((a, b) => a - b));
  return {
    requests: stats.count,
    rps: round(stats.count / duration, 0),
    p50: round(stats.p50, 2),
    p95: round(stats.p95, 2),
    p99: round(stats.p99, 2),
    statuses,
  };
}

const work = tempDir('studio-bench-staff-');
if (process.env.BENCH_SKIP_BUILD !== '1') {
  log('building the server');
  run('npm', ['run', 'build', '-w', 'apps/server'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
const postgres = await startPostgres();
let server;
try {
  const common = {
    dataDir: path.join(work, 'data'),
    webDir: path.join(work, 'no-web'),
    databaseUrl: postgres.url,
    logFile: path.join(work, 'server.log'),
    entry: 'apps/server/dist/main.js',
    env: { LOG_LEVEL: 'warn' },
  };
  // The server migrates the empty database at its first start.
  await (await startServer(common)).stop();
  const size = { tickets: Math.round(100_000 * scale), messages: Math.round(1_000_000 * scale) };
  log(`seeding ${size.tickets} tickets and ${size.messages} messages`);
  const seedStart = Date.now();
  const db = await openPostgresDb(postgres.url);
  let counts;
  try {
    ({ counts } = await seed(db, { ...size, customerSessions: 10, staffSessionsPerUser: 1 }));
    await seedStaffColumns(db);
  } finally {
    await db.close();
  }
  const seedSeconds = round((Date.now() - seedStart) / 1000, 0);
  log(`seeded in ${seedSeconds} s:`, counts);
  server = await startServer(common);
  const cookie = await login(server.baseUrl);

  const churn = await openPostgresDb(postgres.url);
  let churning = false;
  const churner = (async () => {
    for (;;) {
      if (churning) await churn.query('select txid_current()');
      else await sleep(50);
      if (churning === null) return;
      await sleep(1);
    }
  })();

  const runs = {};
  for (const [name, pathAndQuery] of SELECTED) {
    const url = `${server.baseUrl}${pathAndQuery}`;
    const check = await fetch(url, { headers: { cookie } });
    if (!check.ok) throw new Error(`${pathAndQuery}: ${check.status} ${await check.text()}`);
    log(name);
    await measure(url, cookie); // warm-up, unmeasured
    const cached = await measure(url, cookie);
    churning = true;
    const uncached = await measure(url, cookie);
    // One connection: what one read costs when it runs its SQL, without queueing behind 19 others.
    const single = await measure(url, cookie, 1);
    churning = false;
    runs[name] = { path: pathAndQuery, cached, uncached, single };
    log(
      `  p95 ${cached.p95} ms (as served), ${uncached.p95} ms (every read runs its SQL), ` +
        `${single.p95} ms (the same, one connection); load average ${os.loadavg()[0].toFixed(1)}`,
    );
  }
  churning = null;
  await churner;
  await churn.close();
  // A partial run (BENCH_CALLS) keeps the full run's file.
  writeResult(only.length ? 'staff-postgres-selected' : 'staff-postgres', {
    calls: only.length ? only : 'all',
    date: new Date().toISOString(),
    machine: machine(),
    engine: `postgres ${postgres.version}`,
    data: counts,
    seedSeconds,
    connections: CONNECTIONS,
    durationSeconds: duration,
    // The machine is shared: its load during the run says how much the figures mean.
    loadAverage: os.loadavg().map((l) => round(l, 1)),
    cpus: os.cpus().length,
    runs,
  });
} finally {
  await server?.stop();
  postgres.stop();
}
