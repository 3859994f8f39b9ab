// Live-stream fan-out: many list streams (`GET /api/stream/tickets`) held open
// on one server process; an admin posts messages one at a time and every
// stream must receive each one. Raw http requests, not EventSource polyfills,
// so the client stays small next to the server it measures.
import http from 'node:http';
import { login } from './api.mjs';
import { log, round, settledRss, sleep, summarize } from './lib/util.mjs';

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function openStream(baseUrl, token, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/stream/tickets`,
      { agent, headers: { cookie: `sid=${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        let opened = false;
        response.on('data', (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!opened && frame.startsWith('retry:')) {
              opened = true;
              resolve(request);
            } else if (frame.startsWith('event: ticket')) {
              onEvent(frame);
            }
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
    request.on('error', reject);
  });
}

export async function fanout({
  baseUrl,
  serverPid,
  staffTokens,
  ticketId,
  streams = 2000,
  posts = 10,
}) {
  const perSession = Math.ceil(streams / staffTokens.length);
  if (perSession > 10)
    throw new Error('need more staff sessions: the server allows 10 per session');
  const adminCookie = await login(baseUrl);

  let round_ = -1;
  let sentAt = 0;
  let received = 0;
  let onAllReceived = () => {};
  const latencies = [];
  const lastRound = new Int32Array(streams).fill(-1);

  log(`opening ${streams} list streams (${staffTokens.length} staff sessions)`);
  const opened = [];
  const half = Math.floor(streams / 2);
  let rssHalf = 0;
  let openMs = 0;
  let started = performance.now();
  // In batches, so the listen backlog is never the thing being measured.
  for (let i = 0; i < streams; i += 100) {
    if (i === half) {
      // Memory is compared between half and all of the streams, both read at
      // rest: the first reading also absorbs what the earlier runs left for
      // the garbage collector, which would otherwise swamp the streams' share.
      openMs += performance.now() - started;
      log(`${half} streams open; reading memory at rest`);
      rssHalf = await settledRss(serverPid);
      started = performance.now();
    }
    const batch = [];
    for (let j = i; j < Math.min(streams, i + 100); j++) {
      const token = staffTokens[j % staffTokens.length].token;
      batch.push(
        openStream(baseUrl, token, (frame) => {
          if (!frame.includes(`"ticket_id":${ticketId}`) || lastRound[j] === round_) return;
          lastRound[j] = round_;
          latencies.push(performance.now() - sentAt);
          received++;
          if (received === streams) onAllReceived();
        }),
      );
    }
    opened.push(...(await Promise.all(batch)));
  }
  const openSeconds = (openMs + performance.now() - started) / 1000;
  log(`${opened.length} streams open in ${round(openSeconds, 1)} s`);
  const rssAfter = await settledRss(serverPid);

  const missed = [];
  for (let p = 0; p < posts; p++) {
    round_ = p;
    received = 0;
    const all = new Promise((resolve) => {
      onAllReceived = resolve;
    });
    sentAt = performance.now();
    const response = await fetch(`${baseUrl}/api/tickets/${ticketId}/messages`, {
      method: 'POST',
      headers: { cookie: adminCookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ body: `Odpowiedź zespołu numer ${p + 1}.` }),
    });
    if (response.status !== 201) throw new Error(`admin POST: ${response.status}`);
    const timedOut = await Promise.race([all.then(() => false), sleep(15_000).then(() => true)]);
    if (timedOut) missed.push({ post: p + 1, received, of: streams });
    await sleep(500);
  }

  for (const request of opened) request.destroy();
  const stats = summarize(latencies);
  return {
    streams: opened.length,
    posts,
    deliveries: latencies.length,
    expectedDeliveries: streams * posts,
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
    memoryPerStreamKB: round((rssAfter - rssHalf) / 1024 / (opened.length - half), 1),
  };
}
