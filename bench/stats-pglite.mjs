// `node bench/stats-pglite.mjs`: the staff statistics on PGlite (issue 34). Seeds
// 10,000 tickets and 150,000 messages (seed.mjs, with the staff columns of
// staff-seed.mjs), signs in as the admin and times GET /api/admin/stats for 365
// and 30 days, ten times each after a warm-up, printing p50 and max. Before each
// timed request a ticket is marked read or unread (a write), so the snapshot
// cache (docs/decisions/007) cannot answer and every request runs its SQL.
// Run it under `flock -x /tmp/bench.lock`, after building the server
// (`npm run build -w apps/server`). STATS_DATA_DIR keeps the seeded database
// between runs (reused when it exists); STATS_OUT writes the answers as JSON,
// to compare two builds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { login } from './lib/login.mjs';
import { openPgliteDb, seed, THREAD_MESSAGES } from './lib/seed.mjs';
import { seedStaffColumns } from './lib/staff-seed.mjs';
import { log, startServer, summarize, tempDir } from './lib/util.mjs';

const SIZE = { tickets: 10_000, messages: 150_000 };
const work = tempDir('studio-bench-stats-');
const dataDir = process.env.STATS_DATA_DIR ?? path.join(work, 'data');
const common = {
  dataDir,
  webDir: path.join(work, 'no-web'),
  logFile: path.join(work, 'server.log'),
  entry: 'apps/server/dist/main.js',
  env: { LOG_LEVEL: 'warn' },
};
if (!fs.existsSync(path.join(dataDir, 'db'))) {
  fs.mkdirSync(dataDir, { recursive: true });
  // The server migrates the empty database at its first start.
  await (await startServer(common)).stop();
  const db = await openPgliteDb(dataDir);
  try {
    const { counts } = await seed(db, { ...SIZE, customerSessions: 10, staffSessionsPerUser: 1 });
    await seedStaffColumns(db);
    log('seeded', counts);
  } finally {
    await db.close();
  }
}

// Ticket 3's only message among the seeded ones (seed.mjs: messages go round-robin from ticket 2).
const TICKET = 3;
const MESSAGE = THREAD_MESSAGES + 2;
const server = await startServer(common);
try {
  const cookie = await login(server.baseUrl);
  const write = async (i) => {
    const response = await fetch(
      `${server.baseUrl}/api/tickets/${TICKET}/${i % 2 ? 'read' : 'unread'}`,
      {
        method: 'POST',
        headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ up_to: MESSAGE }),
      },
    );
    if (!response.ok) throw new Error(`write: ${response.status} ${await response.text()}`);
  };
  const answers = {};
  for (const days of [365, 30]) {
    const url = `${server.baseUrl}/api/admin/stats?days=${days}`;
    const times = [];
    for (let i = 0; i < 12; i++) {
      await write(i);
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      answers[days] = await response.text();
      if (!response.ok) throw new Error(`${url}: ${response.status} ${answers[days]}`);
      if (i >= 2) times.push(performance.now() - started); // two warm-up requests
    }
    times.sort((a, b) => a - b);
    const load = os.loadavg().map((l) => l.toFixed(2));
    log(
      `days=${days}: p50 ${summarize(times).p50.toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms ` +
        `(10 requests); load average ${load.join(' ')}`,
    );
  }
  if (process.env.STATS_OUT) fs.writeFileSync(process.env.STATS_OUT, JSON.stringify(answers));
} finally {
  await server.stop();
}
