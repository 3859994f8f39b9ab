// Live-stream fan-out: many list streams (`GET /api/stream/tickets`) held open
// on one server process; an admin posts messages one at a time and every
// stream must receive each one. The streams are held by a few client
// processes (lib/fanout-client.mjs: raw sockets, not EventSource polyfills
// or node:http, so the clients stay small next to the server they measure),
// connecting from several loopback addresses so that 10,000 sockets do not
// exhaust one address's ephemeral ports.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { login } from './lib/login.mjs';
import { log, round, settledRss, sleep, summarize } from './lib/util.mjs';

/** 127.0.0.2 … 127.0.0.11: Linux routes all of 127.0.0.0/8 to the loopback. */
const SOURCE_ADDRESSES = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 2}`);
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** A forked client process and a way to wait for its next message of a type. */
function startClient() {
  const child = fork(new URL('./lib/fanout-client.mjs', import.meta.url), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  child.on('message', (message) => {
    if (message.type === 'error') throw new Error(`fan-out client: ${message.message}`);
    const resolve = waiting.get(message.type);
    if (resolve) {
      waiting.delete(message.type);
      resolve(message);
    }
  });
  return {
    child,
    next: (type) => new Promise((resolve) => waiting.set(type, resolve)),
    async ask(message, answer) {
      const reply = this.next(answer);
      child.send(message);
      return reply;
    },
  };
}

export async function fanout({
  baseUrl,
  serverPid,
  staffTokens,
  ticketId,
  streams = 10_000,
  posts = 10,
  clients: clientCount = 4,
}) {
  const perSession = Math.ceil(streams / staffTokens.length);
  if (perSession > 10)
    throw new Error('need more staff sessions: the server allows 10 per session');
  const adminCookie = await login(baseUrl);

  // Stream j uses session j mod n and source address j mod 10; client k holds
  // every clientCount-th stream, so each client spans all sessions and addresses.
  const clients = Array.from({ length: clientCount }, startClient);
  const shares = clients.map(() => []);
  for (let j = 0; j < streams; j++) {
    shares[j % clientCount].push({
      token: staffTokens[j % staffTokens.length].token,
      localAddress: SOURCE_ADDRESSES[j % SOURCE_ADDRESSES.length],
    });
  }
  await Promise.all(
    clients.map((c, k) => c.ask({ type: 'setup', baseUrl, ticketId, streams: shares[k] }, 'ready')),
  );
  const openAll = async (fraction) => {
    const counts = await Promise.all(
      clients.map((c, k) =>
        c.ask({ type: 'open', count: Math.floor(shares[k].length * fraction) }, 'opened'),
      ),
    );
    return counts.reduce((sum, m) => sum + m.count, 0);
  };

  log(
    `opening ${streams} list streams (${staffTokens.length} staff sessions, ${clientCount} client processes, ${SOURCE_ADDRESSES.length} source addresses)`,
  );
  let started = performance.now();
  // Memory is compared between half and all of the streams, both read at
  // rest: the first reading also absorbs what the earlier runs left for the
  // garbage collector, which would otherwise swamp the streams' share.
  const half = await openAll(0.5);
  let openMs = performance.now() - started;
  log(`${half} streams open; reading memory at rest`);
  const rssHalf = await settledRss(serverPid);
  started = performance.now();
  const opened = await openAll(1);
  openMs += performance.now() - started;
  const openSeconds = openMs / 1000;
  log(`${opened} streams open in ${round(openSeconds, 1)} s; reading memory at rest`);
  const rssAfter = await settledRss(serverPid);

  const latencies = [];
  const missed = [];
  for (let p = 0; p < posts; p++) {
    await Promise.all(clients.map((c) => c.ask({ type: 'round', round: p }, 'armed')));
    const done = Promise.all(clients.map((c) => c.next('round-done')));
    const sentAt = now();
    const response = await fetch(`${baseUrl}/api/tickets/${ticketId}/messages`, {
      method: 'POST',
      headers: { cookie: adminCookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ body: `Odpowiedź zespołu numer ${p + 1}.` }),
    });
    if (response.status !== 201) throw new Error(`admin POST: ${response.status}`);
    await Promise.race([done, sleep(15_000)]);
    let received = 0;
    for (const c of clients) {
      const report = await c.ask({ type: 'report' }, 'report');
      for (const at of report.arrivals) if (!Number.isNaN(at)) latencies.push(at - sentAt);
      received += report.received;
    }
    if (received < opened) missed.push({ post: p + 1, received, of: opened });
    await sleep(500);
  }

  await Promise.all(clients.map((c) => c.ask({ type: 'close' }, 'closed')));
  await Promise.all(clients.map((c) => c.child.exitCode ?? once(c.child, 'exit')));
  const stats = summarize(latencies);
  return {
    streams: opened,
    clientProcesses: clientCount,
    sourceAddresses: SOURCE_ADDRESSES.length,
    posts,
    deliveries: latencies.length,
    expectedDeliveries: opened * posts,
    missed,
    openSeconds: round(openSeconds, 1),
    latencyMs: {
      p50: round(stats.p50, 1),
      p95: round(stats.p95, 1),
      p99: round(stats.p99, 1),
      max: round(stats.max, 1),
    },
    streamsAtFirstReading: half,
    rssHalfMB: round(rssHalf / 1024 ** 2, 1),
    rssAfterMB: round(rssAfter / 1024 ** 2, 1),
    memoryPerStreamKB: round((rssAfter - rssHalf) / 1024 / (opened - half), 1),
  };
}
