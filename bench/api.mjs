// API load: the baseline "hello" server, then the product's hot calls, each for
// `duration` seconds at 20 connections after a short warm-up.
import { startHelloServer, warmThenLoad } from './lib/load.mjs';
import { login } from './lib/login.mjs';
import { THREAD_MESSAGES, THREAD_TICKET_ID } from './lib/seed.mjs';
import { log, round } from './lib/util.mjs';

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
  const thread = await get(`/api/tickets/${THREAD_TICKET_ID}/messages`);
  if (thread.messages.length !== THREAD_MESSAGES) {
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
  log(`GET /api/tickets/${THREAD_TICKET_ID}/messages (${THREAD_MESSAGES} messages)`);
  runs.thread = await warmThenLoad({
    url: `${baseUrl}/api/tickets/${THREAD_TICKET_ID}/messages`,
    headers: { cookie },
    duration,
    connections,
  });

  for (const run of Object.values(runs)) compare(run, baseline);
  return { baseline, runs, responseBytes: sizes };
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
  duration = 10,
  connections = 20,
}) {
  // Customers post into their own open tickets in turn: one user alone would
  // hit the 60-messages-a-minute limit within a second.
  log(`POST /api/tickets/:id/messages (${customerTokens.length} customers in turn)`);
  let next = 0;
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
      setupRequest: (request) => {
        const customer = customerTokens[next++ % customerTokens.length];
        return {
          ...request,
          path: `/api/tickets/${customer.ticketId}/messages`,
          headers: { ...request.headers, cookie: `sid=${customer.token}` },
        };
      },
    },
    2,
  );

  compare(run, baseline);
  return run;
}
