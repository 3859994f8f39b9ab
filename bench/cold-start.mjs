// Cold start: the time from spawning `npm start`'s script (scripts/start.mjs,
// built checkout, embedded database) to the first 200 from /api/health, the
// median of several starts, on a fresh DATA_DIR (creates and migrates the
// database) and on an existing one. The limit of the same run: a bare
// `node:http` server spawned and polled the same way, which is what starting
// Node itself costs on this machine right now. The CPU time the server spent
// until it answered (/proc) is given too: it is less moved by other load.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cpuMs, freePort, log, root, round, sleep } from './lib/util.mjs';

const BARE_SERVER = `require('node:http').createServer((q, s) => s.end('{"status":"ok"}'))
  .listen(Number(process.env.PORT), '127.0.0.1');`;

/** Resolves with 200 once the server answers it; anything else is retried. */
function healthy(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

async function timeStart({ args, env, logFile }) {
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}/api/health`;
  for (;;) {
    if (exited) throw new Error(`exited during start-up; see ${logFile}`);
    if (await healthy(url)) break;
    if (performance.now() - started > 60_000) throw new Error(`no answer in 60 s; ${logFile}`);
    await sleep(5);
  }
  const ms = performance.now() - started;
  const cpu = cpuMs(child.pid);
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await done;
  return { ms, cpuMs: cpu };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function summary(samples) {
  return {
    medianMs: round(median(samples.map((s) => s.ms)), 0),
    medianCpuMs: round(median(samples.map((s) => s.cpuMs)), 0),
    runsMs: samples.map((s) => round(s.ms, 0)),
  };
}

export async function coldStart({ webDir, work, runs = 5 }) {
  const logFile = path.join(work, 'cold-start.log');
  const serverEnv = (dataDir) => ({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    NODE_ENV: '',
    LOG_LEVEL: '',
    ADMIN_EMAILS: 'admin@bench.test',
  });
  const server = (dataDir) => ({
    args: [path.join(root, 'scripts/start.mjs')],
    env: serverEnv(dataDir),
    logFile,
  });
  // One unmeasured start of each kind first, so the file cache holds the code.
  await timeStart({ args: ['-e', BARE_SERVER], env: {}, logFile });
  const existingDir = path.join(work, 'cold-start-existing');
  await timeStart(server(existingDir));

  const bare = [];
  const fresh = [];
  const existing = [];
  // Interleaved, so a burst of other load on the machine touches all three alike.
  for (let i = 0; i < runs; i++) {
    bare.push(await timeStart({ args: ['-e', BARE_SERVER], env: {}, logFile }));
    const freshDir = path.join(work, `cold-start-fresh-${i}`);
    fresh.push(await timeStart(server(freshDir)));
    fs.rmSync(freshDir, { recursive: true, force: true });
    existing.push(await timeStart(server(existingDir)));
    log(
      `cold start ${i + 1}/${runs}: bare node ${round(bare[i].ms, 0)} ms, fresh ${round(fresh[i].ms, 0)} ms, existing ${round(existing[i].ms, 0)} ms`,
    );
  }
  return {
    runs,
    bareNode: summary(bare),
    freshDataDir: summary(fresh),
    existingDataDir: summary(existing),
  };
}
