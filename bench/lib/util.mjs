// Small helpers shared by the benchmark parts: processes, ports, memory, statistics.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allocatorEnv } from '../../scripts/allocator.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const benchDir = path.join(root, 'bench');
export const resultsDir = path.join(benchDir, 'results');

export const log = (...args) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`"${command} ${args.join(' ')}" failed with ${result.status ?? result.signal}`);
  }
  return result;
}

/** user + system CPU milliseconds of a process so far, all its threads (Linux). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second here).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process in bytes, from /proc (Linux). */
export function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = status.match(/^VmRSS:\s+(\d+) kB/m);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function summarize(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export function writeResult(name, data) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

export function readResult(name) {
  const file = path.join(resultsDir, `${name}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Starts the production server the way `npm start` does (scripts/start.mjs runs
 * apps/server/dist/main.js in its own process, so the child's pid is the server's),
 * and resolves once /api/health answers.
 */
export async function startServer({
  dataDir,
  webDir,
  databaseUrl = '',
  logFile,
  env = {},
  // The staff bench runs the built server without the web app (no web build needed).
  entry = 'scripts/start.mjs',
  // e.g. ['--cpu-prof'] to profile the server under load (not allowed in NODE_OPTIONS).
  nodeArgs = [],
}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // `npm start` sets the allocator's variables and starts again as a new
  // process (scripts/allocator.mjs), which needs Node 22.15; they are set here
  // instead, so the bench measures that allocator on any Node.
  // BENCH_ALLOCATOR=system runs the system's default instead (an A/B).
  const allocator =
    process.env.BENCH_ALLOCATOR === 'system' ? {} : allocatorEnv({ ...process.env, ...env });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, entry)], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      SMTP_URL: '',
      NODE_ENV: '',
      LOG_LEVEL: '',
      ADMIN_EMAILS: 'admin@bench.test',
      ...allocator,
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) {
      throw new Error(`server exited during start-up; see ${logFile}:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not answer within 180 s; see ${logFile}`);
    }
    await sleep(200);
  }
  return {
    baseUrl,
    pid: child.pid,
    child,
    /** What the server's memory comes from, for the results. */
    allocator: allocatorName({ ...process.env, ...allocator, ...env }),
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await done;
      clearTimeout(timer);
    },
  };
}

function allocatorName(env) {
  if (env.LD_PRELOAD?.includes('jemalloc')) {
    return `jemalloc (LD_PRELOAD, MALLOC_CONF=${env.MALLOC_CONF ?? ''})`;
  }
  const tuned = Object.entries(env).filter(([name]) => /^MALLOC_/.test(name));
  if (tuned.length) return `glibc malloc, ${tuned.map(([k, v]) => `${k}=${v}`).join(', ')}`;
  return 'the system malloc';
}

function tail(file) {
  try {
    return fs.readFileSync(file, 'utf8').slice(-2000);
  } catch {
    return '';
  }
}

export const round = (value, digits = 1) => {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * Resident memory at rest. V8 gives back what a burst grew only after about
 * 45 s of quiet (its memory reducer), so: a reading every 5 s until 60 s have
 * passed and the last three agree within 2 MB (3 minutes at most); their median.
 */
export async function settledRss(pid) {
  const started = Date.now();
  const readings = [];
  for (;;) {
    await sleep(5000);
    readings.push(rssBytes(pid));
    const last = readings.slice(-3).sort((a, b) => a - b);
    const steady = last.length === 3 && last[2] - last[0] < 2 * 1024 ** 2;
    const waited = Date.now() - started;
    if ((waited >= 60_000 && steady) || waited >= 180_000) return last[1];
  }
}
