// scratch driver (not committed): seeded server + upload suite only
import fs from 'node:fs';
import path from 'node:path';
import { uploadSuite } from './api.mjs';
import { openPgliteDb, seed } from './lib/seed.mjs';
import { startServer, tempDir, log } from './lib/util.mjs';
const duration = Number(process.env.D ?? 5);
const prof = process.env.PROF;
const work = tempDir('upl-');
const webDir = path.join(work, 'web'); fs.mkdirSync(webDir); fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>x</title>');
const dataDir = path.join(work, 'data'); const logFile = path.join(work, 'server.log');
let s = await startServer({ dataDir, webDir, logFile }); await s.stop();
const db = await openPgliteDb(dataDir);
const seeded = await seed(db, { tickets: 200, messages: 2000, customerSessions: 200, staffSessionsPerUser: 1 });
await db.close();
s = await startServer({ dataDir, webDir, logFile, nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [] });
try {
  const r = await uploadSuite({ baseUrl: s.baseUrl, customerTokens: seeded.customerTokens, duration });
  const u = r.upload, m = r.meDuringUpload;
  console.log(JSON.stringify({ photo: r.photoBytes, up: { n: u.requests, rps: u.rps, p50: u.p50, p95: u.p95, p99: u.p99, st: u.statuses }, me: { n: m.requests, p50: m.p50, p95: m.p95, p99: m.p99 } }));
} finally { await s.stop(); fs.rmSync(work, { recursive: true, force: true }); }
