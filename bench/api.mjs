// API load: the baseline "hello" server, then the product's hot calls, each for
// `duration` seconds at 20 connections after a short warm-up.
import fs from 'node:fs';
import path from 'node:path';
import { measureDbLimit } from './lib/db-limit.mjs';
import { load, startHelloServer, warmThenLoad } from './lib/load.mjs';
import { login } from './lib/login.mjs';
import { makePhoto, photoMessage } from './lib/photo.mjs';
import { THREAD_MESSAGES, THREAD_TICKET_ID } from './lib/seed.mjs';
import { cpuMs, log, round, sleep, tempDir } from './lib/util.mjs';

/** The thread is paged (finding 4): its newest 100 of 200 messages, the largest page there is. */
const THREAD_PAGE = `/api/tickets/${THREAD_TICKET_ID}/messages?limit=100`;

export { login };

/** One request of each kind first: a benchmark of error pages would measure nothing. */
async function check(baseUrl, cookie, customer) {
  const get = async (path) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response.json();
  };
  const me = await get('/api/auth/me');
  if (!me.user?.is_admin) throw new Error('the bench admin is not an admin');
  const list = await get('/api/tickets');
  if (list.tickets.length !== 50) throw new Error(`first page has ${list.tickets.length} tickets`);
  const thread = await get(THREAD_PAGE);
  if (thread.messages.length !== Math.min(THREAD_MESSAGES, 100)) {
    throw new Error(`thread has ${thread.messages.length} messages`);
  }
  const post = await fetch(`${baseUrl}/api/tickets/${customer.ticketId}/messages`, {
    method: 'POST',
    headers: {
      cookie: `sid=${customer.token}`,
      origin: baseUrl,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ body: 'Sprawdzenie przed pomiarem.' }),
  });
  if (post.status !== 201) throw new Error(`POST message: ${post.status} ${await post.text()}`);
  return { listBytes: JSON.stringify(list).length, threadBytes: JSON.stringify(thread).length };
}

export async function apiSuite({ baseUrl, customerTokens, duration = 10, connections = 20 }) {
  const cookie = await login(baseUrl);
  const sizes = await check(baseUrl, cookie, customerTokens[0]);

  log('baseline: bare Fastify hello');
  const hello = await startHelloServer();
  let baseline;
  try {
    baseline = await warmThenLoad({ url: hello.url, duration, connections });
  } finally {
    await hello.stop();
  }

  const runs = {};
  log('GET /api/auth/me');
  runs.me = await warmThenLoad({
    url: `${baseUrl}/api/auth/me`,
    headers: { cookie },
    duration,
    connections,
  });
  log('GET /api/tickets (admin, first page)');
  runs.tickets = await warmThenLoad({
    url: `${baseUrl}/api/tickets`,
    headers: { cookie },
    duration,
    connections,
  });
  log(`GET ${THREAD_PAGE} (${THREAD_MESSAGES} messages)`);
  runs.thread = await warmThenLoad({
    url: `${baseUrl}${THREAD_PAGE}`,
    headers: { cookie },
    duration,
    connections,
  });

  for (const run of Object.values(runs)) compare(run, baseline);
  return { baseline, runs, responseBytes: sizes };
}

/** An autocannon setupRequest: each request as the next customer, into their own open ticket. */
function customersInTurn(customerTokens) {
  let next = 0;
  return (request) => {
    const customer = customerTokens[next++ % customerTokens.length];
    return {
      ...request,
      path: `/api/tickets/${customer.ticketId}/messages`,
      headers: { ...request.headers, cookie: `sid=${customer.token}` },
    };
  };
}

function compare(run, baseline) {
  run.vsBaseline = {
    rps: round(run.rps / baseline.rps, 3),
    p50: round(run.p50 / baseline.p50, 1),
    p95: round(run.p95 / baseline.p95, 1),
    p99: round(run.p99 / baseline.p99, 1),
  };
}

/**
 * Runs after the reads (and after the fan-out on PGlite): every message it
 * posts queues a notification e-mail that the server sends two minutes later,
 * which must not run underneath the other measurements.
 */
export async function postSuite({
  baseUrl,
  customerTokens,
  baseline,
  limit,
  duration = 10,
  connections = 20,
}) {
  const dbLimit = await databaseLimit({ limit, customerTokens, duration, connections });
  // Customers post into their own open tickets in turn: one user alone would
  // hit the 60-messages-a-minute limit within a second.
  log(`POST /api/tickets/:id/messages (${customerTokens.length} customers in turn)`);
  const inTurn = customersInTurn(customerTokens);
  const body = JSON.stringify({
    body: 'Dzień dobry, przesyłam kolejne informacje do zgłoszenia. Pozdrawiam serdecznie.',
  });
  const run = await warmThenLoad(
    {
      url: `${baseUrl}/api/tickets/1/messages`,
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body,
      expectStatus: 201,
      duration,
      connections,
      setupRequest: inTurn,
    },
    2,
  );

  compare(run, baseline);
  run.dbLimit = dbLimit;
  run.vsDbLimit = round(run.rps / dbLimit.txPerSecond, 3);
  return run;
}

/**
 * The same rows written by a minimal loop straight through the driver, just
 * before the product's run (lib/db-limit.mjs). On PGlite it writes into its own
 * copy of the server's database (one PGlite per directory), in its own process,
 * as the server runs its embedded one; on PostgreSQL into the server's database,
 * each customer's second ticket.
 */
async function databaseLimit({ limit, customerTokens, duration, connections }) {
  const customers = customerTokens.map(({ userId, ticketId }) => ({ userId, ticketId }));
  const common = { seconds: duration, loops: connections, customers };
  if (limit.engine !== 'pglite') {
    log(`database limit: ${connections} loops of one message transaction (PostgreSQL)`);
    return measureDbLimit({ ...common, engine: 'postgres', url: limit.url });
  }
  const copy = tempDir('studio-bench-limit-');
  try {
    // The server is idle now, and every commit is already in its WAL: the copy opens like a restart.
    fs.cpSync(path.join(limit.dataDir, 'db'), path.join(copy, 'db'), { recursive: true });
    log(`database limit: ${connections} loops of one message transaction (own PGlite copy)`);
    return await measureDbLimit({ ...common, engine: 'pglite', dataDir: copy });
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/** Calls a second of the `me` probe beside the uploads. */
const ME_PROBE_RATE = 100;

/**
 * Issue 20, target 3: messages with a 2 MB photo, 5 connections, customers in
 * turn (each has 2 uploads in flight at most), and meanwhile `GET
 * /api/auth/me` on one connection: image work must not hold up other calls.
 * With `serverPid`, also the server's CPU per upload over the measured run
 * (every thread, the probe's calls included): steadier than the latencies
 * when other work shares the machine (issue 34).
 */
export async function uploadSuite({ baseUrl, customerTokens, duration = 10, serverPid }) {
  const cookie = await login(baseUrl);
  const photo = await makePhoto();
  log(`POST a message with a ${round(photo.length / 1024 ** 2, 2)} MB photo, 5 connections`);
  const inTurn = customersInTurn(customerTokens);
  const upload = (seconds) => {
    const { body, contentType } = photoMessage(photo);
    return load({
      url: `${baseUrl}/api/tickets/1/messages`,
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': contentType },
      body,
      expectStatus: 201,
      duration: seconds,
      connections: 5,
      setupRequest: inTurn,
    });
  };
  await upload(2);
  await sleep(500);
  // The probe stands for other people's calls during the uploads: one every
  // 10 ms (ME_PROBE_RATE a second). Sent back to back it was a load of its own
  // (about 2,300 calls a second, a third of a core) that took the CPU the
  // uploads are measured on (bench/README.md, uploads, session 6).
  const cpuBefore = serverPid ? cpuMs(serverPid) : 0;
  const [photos, me] = await Promise.all([
    upload(duration),
    load({
      url: `${baseUrl}/api/auth/me`,
      headers: { cookie },
      duration,
      connections: 1,
      overallRate: ME_PROBE_RATE,
    }),
  ]);
  const serverCpu = serverPid
    ? {
        serverCpuMsPerUpload: round(
          (cpuMs(serverPid) - cpuBefore) / Math.max(1, photos.requests),
          1,
        ),
      }
    : {};
  return { photoBytes: photo.length, upload: photos, meDuringUpload: me, ...serverCpu };
}
