// `npm run bench [part…]`: builds the production app, runs the benchmarks and
// writes their figures to bench/results/*.json and bench/README.md.
// Parts: pages, screens, api-pglite, fanout, api-postgres, cold-start, mail-latency, search (default: all eight),
// and soak (an hour of mixed traffic, BENCH_SOAK_MINUTES; run only when named, never in CI).
// Environment: BENCH_DURATION (seconds per load run, default 10), BENCH_SCALE
// (data size factor for trial runs, default 1), BENCH_LH_RUNS (Lighthouse runs
// per route, default 3), BENCH_ROUTES (pages to measure, default all), BENCH_STREAMS (default 10000), BENCH_SKIP_BUILD=1
// (reuse apps/web/build and apps/server/dist), BENCH_ONLY=uploads (api parts: the photo uploads
// only, printed, nothing written), BENCH_ONLY=interactions (screens: the interaction runs
// only, no Lighthouse, printed, nothing written; with BENCH_TRACE=<dir>, Chromium traces of the
// typing and the scrolling there), BENCH_MAIL_RUNS (mail-latency's replies, default 50), CHROMIUM_PATH,
// BENCH_SOAK_MINUTES (default 60), BENCH_ALLOCATOR=system (the server on the system's malloc, lib/util.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ALL_PARTS = [
  'pages',
  'screens',
  'api-pglite',
  'fanout',
  'api-postgres',
  'cold-start',
  'mail-latency',
  'search',
];
// The soak takes an hour: it runs when asked for by name only.
const KNOWN_PARTS = [...ALL_PARTS, 'soak'];
const parts = process.argv.slice(2).length ? process.argv.slice(2) : ALL_PARTS;
for (const part of parts) {
  if (!KNOWN_PARTS.includes(part)) {
    console.error(`unknown part "${part}"; choose from ${KNOWN_PARTS.join(', ')}`);
    process.exit(2);
  }
}

// A fresh clone has no node_modules: install exactly what the lock files say.
// The bench tools (Lighthouse, autocannon: ~200 MB) have their own package in
// bench/, outside the workspaces, so the project's own `npm ci` stays lean.
// The fan-out and cold-start parts need neither.
const needsBenchTools = parts.some((p) => p === 'pages' || p === 'screens' || p.startsWith('api-'));
const installs = [
  { dir: root, marker: 'node_modules/vitest' },
  ...(needsBenchTools
    ? [{ dir: path.join(root, 'bench'), marker: 'node_modules/autocannon' }]
    : []),
];
for (const { dir, marker } of installs) {
  if (fs.existsSync(path.join(dir, marker))) continue;
  console.log(`[bench] installing dependencies with npm ci in ${path.relative(root, dir) || '.'}`);
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  if (ci.status !== 0) process.exit(ci.status ?? 1);
}

// 10,000 streams need 10,000 sockets in the server (and as many, split over
// the client processes, on the other side of the loopback); the children
// inherit the limit raised here. `npm start` raises its own (scripts/start.mjs).
const wantedStreams = Number(process.env.BENCH_STREAMS) || 10_000;
const fdLimit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
if (
  Number.isFinite(fdLimit) &&
  fdLimit < wantedStreams + 4096 &&
  !process.env.BENCH_ULIMIT_RAISED
) {
  const script = `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`;
  const again = spawnSync('sh', ['-c', script, process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_ULIMIT_RAISED: '1' },
  });
  process.exit(again.status ?? 1);
}

const {
  log,
  machine,
  readResult,
  round,
  rssBytes,
  run,
  settledRss,
  sleep,
  startServer,
  tempDir,
  writeResult,
} = await import('./lib/util.mjs');
const { memoryMap } = await import('./lib/memory-map.mjs');
const { targetsTable, writeReadme } = await import('./lib/report.mjs');
const { STAFF_COUNT } = await import('./lib/seed.mjs');

const num = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const duration = num('BENCH_DURATION', 10);
const scale = num('BENCH_SCALE', 1);
const lighthouseRuns = num('BENCH_LH_RUNS', 3);
// A trial of some pages only: BENCH_ROUTES=/,/team (the README records full runs).
const pageRoutes = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
const streams = num('BENCH_STREAMS', 10_000);
const mailRuns = num('BENCH_MAIL_RUNS', 50);
const soakMinutes = num('BENCH_SOAK_MINUTES', 60);
// A trial of the photo uploads alone while working on them (issue 20, target 3):
// the figures are printed, results/*.json and the README are left as they are.
const uploadsOnly = process.env.BENCH_ONLY === 'uploads';
// The same for the typing, switching and scrolling runs of the screens part (issue 34).
const interactionsOnly = process.env.BENCH_ONLY === 'interactions';
const trialOnly = uploadsOnly || interactionsOnly;
const started = Date.now();
const when = new Date().toISOString();
const host = machine();
const failures = [];

// --- build ---------------------------------------------------------------
let webBuildDir = path.join(root, 'apps/web/build');
// The search part runs the built server alone (no pages): it needs no web build.
const needsWeb = parts.some((p) => p !== 'search');
const ownBuild = process.env.BENCH_SKIP_BUILD !== '1';
if (ownBuild && !needsWeb) {
  log('building the server');
  run('npm', ['run', 'build', '-w', 'apps/server'], { stdio: ['ignore', 'ignore', 'inherit'] });
} else if (ownBuild) {
  // A private build directory, so other work rebuilding apps/web/build cannot
  // swap files under a running benchmark (apps/web/dist is git-ignored).
  fs.mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
  webBuildDir = fs.mkdtempSync(path.join(root, 'apps/web/dist/bench-'));
  log('building the web app and the server');
  run('npm', ['run', 'build', '-w', 'apps/web'], {
    env: { ...process.env, WEB_BUILD_DIR: webBuildDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  run('npm', ['run', 'build', '-w', 'apps/server'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
const webDir = path.join(webBuildDir, 'client');
if (needsWeb && !fs.existsSync(path.join(webDir, 'index.html'))) {
  console.error(`no web build in ${webDir}; run without BENCH_SKIP_BUILD=1`);
  process.exit(1);
}
const work = tempDir('studio-bench-');
const common = { date: when, machine: host };
const cleanup = () => {
  fs.rmSync(work, { recursive: true, force: true });
  if (ownBuild && needsWeb) fs.rmSync(webBuildDir, { recursive: true, force: true });
};
// Parts that start daemons of their own (Dovecot detaches from the terminal, so
// Ctrl-C does not reach it) register how to stop them here.
const onInterrupt = [];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    for (const stop of onInterrupt) await stop().catch(() => {});
    cleanup();
    process.exit(130);
  });
}

async function part(name, body) {
  try {
    await body();
  } catch (error) {
    failures.push(name);
    // A missing system package is a message for the reader, not a stack trace.
    const text = /is missing/.test(error?.message ?? '') ? error.message : (error?.stack ?? error);
    console.error(`[bench] ${name} failed: ${text}`);
  }
}

// --- page speed ----------------------------------------------------------
if (parts.includes('pages')) {
  await part('pages', async () => {
    const { CHROMIUM, CHROMIUM_MISSING, pageSpeed } = await import('./pages.mjs');
    if (!fs.existsSync(CHROMIUM)) throw new Error(CHROMIUM_MISSING);
    const server = await startServer({
      dataDir: path.join(work, 'pages-data'),
      webDir,
      logFile: path.join(work, 'pages-server.log'),
      env: { LOG_LEVEL: 'warn' },
    });
    try {
      log(`Lighthouse, mobile, ${lighthouseRuns} runs per route`);
      const result = await pageSpeed({
        baseUrl: server.baseUrl,
        webDir,
        runs: lighthouseRuns,
        ...(pageRoutes ? { only: pageRoutes } : {}),
      });
      writeResult('pages', { ...common, ...result });
      const unmeasured = Object.entries(result.routes).filter(([, r]) => r.error);
      if (unmeasured.length) {
        throw new Error(`routes not measured: ${unmeasured.map(([route]) => route).join(', ')}`);
      }
    } finally {
      await server.stop();
    }
  });
}

// --- embedded database: API load, fan-out, memory at rest ---------------
const seedSize = (tickets, messages) => ({
  tickets: Math.round(tickets * scale),
  messages: Math.round(messages * scale),
});

async function seededServer({
  engine,
  name = engine,
  size,
  databaseUrl = '',
  staffSessionsPerUser,
  env = {},
}) {
  const { openPgliteDb, openPostgresDb, seed } = await import('./lib/seed.mjs');
  const dataDir = path.join(work, `${name}-data`);
  const logFile = path.join(work, `${name}-server.log`);
  // The server migrates the empty database at its first start.
  const first = await startServer({ dataDir, webDir, databaseUrl, logFile });
  await first.stop();
  log(`seeding ${size.tickets} tickets and ${size.messages} messages (${engine})`);
  const seedStart = Date.now();
  const db = engine === 'pglite' ? await openPgliteDb(dataDir) : await openPostgresDb(databaseUrl);
  let seeded;
  try {
    seeded = await seed(db, { ...size, customerSessions: 1000, staffSessionsPerUser });
  } finally {
    await db.close();
  }
  const seedSeconds = round((Date.now() - seedStart) / 1000, 0);
  log(`seeded in ${seedSeconds} s:`, seeded.counts);
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the measured server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = await startServer({ dataDir, webDir, databaseUrl, logFile, env, nodeArgs });
  return { server, seeded, seedSeconds };
}

/** BENCH_ONLY=uploads: the photo uploads alone on a seeded server, printed. */
async function uploadsTrial(engine, server, seeded) {
  const { uploadSuite } = await import('./api.mjs');
  const uploads = await uploadSuite({
    baseUrl: server.baseUrl,
    customerTokens: seeded.customerTokens,
    duration,
    serverPid: server.pid,
  });
  log(`uploads (${engine}):`, JSON.stringify(uploads));
}

// --- signed-in screens on a phone (issue 34) -----------------------------
if (parts.includes('screens')) {
  await part('screens', async () => {
    const { CHROMIUM, CHROMIUM_MISSING } = await import('./pages.mjs');
    if (!fs.existsSync(CHROMIUM)) throw new Error(CHROMIUM_MISSING);
    const { signedInScreens } = await import('./screens.mjs');
    const { server, seeded } = await seededServer({
      engine: 'pglite',
      name: 'screens',
      size: seedSize(10_000, 100_000),
      staffSessionsPerUser: 1,
      env: { LOG_LEVEL: 'warn' },
    });
    try {
      if (interactionsOnly) {
        const { interactionTrial } = await import('./screens.mjs');
        await interactionTrial({ baseUrl: server.baseUrl, traceDir: process.env.BENCH_TRACE });
        return;
      }
      log(`Lighthouse, mobile, signed in, ${lighthouseRuns} runs per screen`);
      const result = await signedInScreens({
        baseUrl: server.baseUrl,
        webDir,
        runs: lighthouseRuns,
      });
      writeResult('screens', { ...common, engine: 'pglite', data: seeded.counts, ...result });
    } finally {
      await server.stop();
    }
  });
}

if (parts.includes('api-pglite') || parts.includes('fanout')) {
  await part('pglite', async () => {
    const { server, seeded, seedSeconds } = await seededServer({
      engine: 'pglite',
      size: seedSize(10_000, 200_000),
      staffSessionsPerUser: Math.max(1, Math.ceil(streams / STAFF_COUNT / 10)),
      // The bench's 20 staff accounts hold streams meant for 10,000 people: each
      // holds streams / 20 of them (10 per session, as the server allows), above
      // the per-user cap of 20 that guards against one person's runaway tabs.
      env: {
        STREAMS_MAX_PER_USER: String(Math.max(20, Math.ceil(streams / STAFF_COUNT))),
        STREAMS_MAX_TOTAL: String(Math.max(10_000, streams)),
      },
    });
    try {
      if (uploadsOnly && parts.includes('api-pglite')) {
        await uploadsTrial('PGlite', server, seeded);
        return;
      }
      const restAfterStartMB = round((await settledRss(server.pid)) / 1024 ** 2, 1);
      const restAfterStartMap = memoryMap(server.pid);
      log(`server at rest after start: ${restAfterStartMB} MB resident`);
      let apiResult = null;
      const api = parts.includes('api-pglite') ? await import('./api.mjs') : null;
      if (api) {
        apiResult = await api.apiSuite({
          baseUrl: server.baseUrl,
          customerTokens: seeded.customerTokens,
          duration,
        });
      }
      if (parts.includes('fanout')) {
        const { fanout } = await import('./fanout.mjs');
        const fanoutResult = await fanout({
          baseUrl: server.baseUrl,
          serverPid: server.pid,
          staffTokens: seeded.staffTokens,
          ticketId: 2,
          streams,
        });
        writeResult('fanout', {
          ...common,
          engine: 'pglite',
          data: seeded.counts,
          ...fanoutResult,
        });
      }
      if (apiResult) {
        apiResult.runs.post = await api.postSuite({
          baseUrl: server.baseUrl,
          customerTokens: seeded.customerTokens,
          baseline: apiResult.baseline,
          limit: { engine: 'pglite', dataDir: path.join(work, 'pglite-data') },
          duration,
        });
        apiResult.uploads = await api.uploadSuite({
          baseUrl: server.baseUrl,
          customerTokens: seeded.customerTokens,
          duration,
          serverPid: server.pid,
        });
        writeResult('api-pglite', {
          ...common,
          engine: 'pglite',
          data: seeded.counts,
          seedSeconds,
          ...apiResult,
        });
      }
      // V8 gives back what the load grew only once the process has been idle
      // for a while (its memory reducer, about 45 s here): the figure 10 s
      // after the load is kept for reference, the settled one is at rest.
      await sleep(10_000);
      const justAfterLoadMB = round(rssBytes(server.pid) / 1024 ** 2, 1);
      const restAfterLoadMB = round((await settledRss(server.pid)) / 1024 ** 2, 1);
      const restAfterLoadMap = memoryMap(server.pid);
      log(`server after the load: ${justAfterLoadMB} MB, at rest ${restAfterLoadMB} MB resident`);
      writeResult('memory', {
        ...common,
        engine: 'pglite',
        data: seeded.counts,
        restAfterStartMB,
        justAfterLoadMB,
        restAfterLoadMB,
        restAfterStartMap,
        restAfterLoadMap,
        allocator: server.allocator,
        afterParts: parts.filter((p) => p === 'api-pglite' || p === 'fanout'),
      });
    } finally {
      await server.stop();
    }
  });
}

// --- soak: an hour of mixed traffic, memory every 30 s (issue 34) ---------
if (parts.includes('soak')) {
  await part('soak', async () => {
    const { soak, SOAK_TRAFFIC } = await import('./soak.mjs');
    const { server, seeded } = await seededServer({
      engine: 'pglite',
      size: seedSize(10_000, 200_000),
      // Half of the open streams are staff list streams, 20 accounts with two
      // sessions each (10 streams a session), closed and reopened all along.
      staffSessionsPerUser: 2,
      env: { STREAMS_MAX_PER_USER: String(Math.max(20, SOAK_TRAFFIC.streams)) },
    });
    try {
      const result = await soak({
        baseUrl: server.baseUrl,
        serverPid: server.pid,
        customerTokens: seeded.customerTokens,
        staffTokens: seeded.staffTokens,
        minutes: soakMinutes,
      });
      writeResult('soak', {
        ...common,
        engine: 'pglite',
        data: seeded.counts,
        allocator: server.allocator,
        ...result,
      });
    } finally {
      await server.stop();
    }
  });
}

// --- PostgreSQL: ten times the data --------------------------------------
if (parts.includes('api-postgres')) {
  await part('api-postgres', async () => {
    const { startPostgres } = await import('./lib/postgres.mjs');
    const postgres = await startPostgres();
    try {
      const { server, seeded, seedSeconds } = await seededServer({
        engine: 'postgres',
        size: seedSize(100_000, 1_000_000),
        databaseUrl: postgres.url,
        staffSessionsPerUser: 1,
      });
      try {
        const api = await import('./api.mjs');
        if (uploadsOnly) {
          await uploadsTrial('PostgreSQL', server, seeded);
          return;
        }
        const result = await api.apiSuite({
          baseUrl: server.baseUrl,
          customerTokens: seeded.customerTokens,
          duration,
        });
        result.runs.post = await api.postSuite({
          baseUrl: server.baseUrl,
          customerTokens: seeded.customerTokens,
          baseline: result.baseline,
          limit: { engine: 'postgres', url: postgres.url },
          duration,
        });
        result.uploads = await api.uploadSuite({
          baseUrl: server.baseUrl,
          customerTokens: seeded.customerTokens,
          duration,
          serverPid: server.pid,
        });
        writeResult('api-postgres', {
          ...common,
          engine: `postgres ${postgres.version}`,
          data: seeded.counts,
          seedSeconds,
          ...result,
        });
      } finally {
        await server.stop();
      }
    } finally {
      postgres.stop();
    }
  });
}

// --- cold start: npm start on a built checkout, embedded database --------
if (parts.includes('cold-start')) {
  await part('cold-start', async () => {
    const { coldStart } = await import('./cold-start.mjs');
    log('cold start: 5 starts each of a bare node:http server, a fresh and an existing DATA_DIR');
    const result = await coldStart({ webDir, work, runs: 5 });
    writeResult('cold-start', { ...common, engine: 'pglite', ...result });
  });
}

// --- mail: arrival in the mailbox → message in an open browser (issue 29) --
if (parts.includes('mail-latency')) {
  await part('mail-latency', async () => {
    const { mailLatency } = await import('./mail-latency.mjs');
    log(`mail: ${mailRuns} replies APPENDed to a private Dovecot, timed to the open thread`);
    const result = await mailLatency({
      webDir,
      work,
      runs: mailRuns,
      onInterrupt: (stop) => onInterrupt.push(stop),
    });
    // Last in a full run: the load average given is the part's own, at its start.
    const machineNow = { ...host, loadAverage: result.loadAverageAtStart };
    writeResult('mail-latency', { ...common, machine: machineNow, engine: 'pglite', ...result });
  });
}

// --- search (issue 30): PostgreSQL at 1,000,000 messages, PGlite at 100,000 ---
if (parts.includes('search')) {
  await part('search', async () => {
    const { searchPglite, searchPostgres } = await import('./search.mjs');
    const postgres = await searchPostgres({ work, scale, duration });
    const pglite = await searchPglite({ work, scale, duration });
    writeResult('search', { ...common, scale, postgres, pglite });
  });
}

if (trialOnly) {
  cleanup();
  process.exit(failures.length ? 1 : 0);
}
const results = Object.fromEntries(
  [
    'pages',
    'screens',
    'api-pglite',
    'api-postgres',
    'fanout',
    'memory',
    'cold-start',
    'mail-latency',
    'search',
    'soak',
  ].map((n) => [n, readResult(n)]),
);
const { file: readme, targets } = writeReadme(results);
// Each target with its figure and limit (from this run's parts and the latest results of the others).
console.log(`\n${targetsTable(targets)}\n`);
log(`done in ${round((Date.now() - started) / 60_000, 1)} min; figures in ${readme}`);
cleanup();
if (failures.length) {
  console.error(`[bench] failed parts: ${failures.join(', ')}`);
  process.exit(1);
}
