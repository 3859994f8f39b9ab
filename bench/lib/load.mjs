// autocannon with our own latency record: autocannon's summary has no p95, so
// every response time is kept and the percentiles are computed from all of them.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { benchDir, freePort, round, sleep, summarize } from './util.mjs';

const autocannon = createRequire(import.meta.url)('autocannon');

/**
 * One measured run. `setupRequest` may rewrite each request (path, cookie) so a
 * run can spread over many sessions. `overallRate` paces the run at that many
 * requests a second in all (a probe), instead of each connection sending its
 * next request as soon as the last one is answered (a load).
 */
export async function load({
  url,
  method = 'GET',
  headers = {},
  body,
  setupRequest,
  duration = 10,
  connections = 20,
  expectStatus = 200,
  overallRate,
}) {
  const latencies = [];
  const statuses = {};
  const instance = autocannon({
    url,
    connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
    requests: [{ method, headers, body, ...(setupRequest ? { setupRequest } : {}) }],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const stats = summarize(latencies);
  const unexpected = Object.entries(statuses)
    .filter(([code]) => Number(code) !== expectStatus)
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    connections,
    durationSeconds: round(result.duration, 2),
    requests: stats.count,
    rps: round(stats.count / result.duration, 0),
    p50: round(stats.p50, 2),
    p95: round(stats.p95, 2),
    p99: round(stats.p99, 2),
    max: round(stats.max, 1),
    statuses,
    unexpected,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** A short unmeasured run first, so JIT and caches are warm for the measured one. */
export async function warmThenLoad(options, warmSeconds = 3) {
  await load({ ...options, duration: warmSeconds });
  await sleep(500);
  return load(options);
}

export async function startHelloServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(benchDir, 'lib/hello-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`hello server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    },
  };
}
