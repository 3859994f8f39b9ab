// Soak (issue 34, memory): mixed traffic at a moderate, steady rate against one
// PGlite server for BENCH_SOAK_MINUTES (60), its resident memory read every
// 30 s. What grows without bound (a cache that never forgets, a listener left
// behind by a closed stream, an allocator that never gives back what image
// work took) shows as memory at the end above memory in the first quarter.
import { openEventStream } from './lib/event-stream-socket.mjs';
import { login } from './lib/login.mjs';
import { memoryMap } from './lib/memory-map.mjs';
import { makePhoto, photoMessage } from './lib/photo.mjs';
import { THREAD_TICKET_ID } from './lib/seed.mjs';
import { log, round, rssBytes, settledRss, sleep } from './lib/util.mjs';

/**
 * Per second: what a busy day of a small studio looks like, many times over,
 * and well below what the machine can do (2 shared cores), so the soak
 * measures memory, not a queue. Streams: `streams` open at all times, `churn`
 * of them closed and as many opened every second.
 */
export const SOAK_TRAFFIC = {
  textPostsPerSecond: 4,
  photoUploadsPerSecond: 0.25,
  readsPerSecond: 4,
  streams: 200,
  streamChurnPerSecond: 2,
};
const SAMPLE_SECONDS = 30;
/** Not counted: the first minute of traffic (code compiled, the image library loaded, pools filled). */
const WARM_UP_SECONDS = 60;
/** "At the end": the mean of the samples of the last 2.5 minutes, as one sample may fall before or after a collection. */
const END_SAMPLES = 5;

/**
 * Calls `send` `perSecond` times a second, spread evenly, with at most
 * `inFlight` unanswered (a slow answer skips a turn rather than piling up).
 */
function paced({ perSecond, inFlight, send, counts, name }) {
  let busy = 0;
  const timer = setInterval(() => {
    if (busy >= inFlight) {
      counts.skipped[name] = (counts.skipped[name] ?? 0) + 1;
      return;
    }
    busy++;
    send()
      .then((ok) => {
        counts[ok ? 'ok' : 'failed'][name] = (counts[ok ? 'ok' : 'failed'][name] ?? 0) + 1;
      })
      .catch(() => {
        counts.failed[name] = (counts.failed[name] ?? 0) + 1;
      })
      .finally(() => {
        busy--;
      });
  }, 1000 / perSecond);
  return () => clearInterval(timer);
}

export async function soak({
  baseUrl,
  serverPid,
  customerTokens,
  staffTokens,
  minutes = 60,
  traffic = SOAK_TRAFFIC,
}) {
  const adminCookie = await login(baseUrl);
  const photo = await makePhoto();
  const counts = { ok: {}, failed: {}, skipped: {}, events: 0 };
  let nextCustomer = 0;
  const customer = () => customerTokens[nextCustomer++ % customerTokens.length];
  const post = async (headers, body, expect = 201) => {
    const { ticketId, token } = customer();
    const response = await fetch(`${baseUrl}/api/tickets/${ticketId}/messages`, {
      method: 'POST',
      headers: { cookie: `sid=${token}`, origin: baseUrl, ...headers },
      body,
    });
    await response.arrayBuffer();
    return response.status === expect;
  };
  const read = async (path) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: adminCookie } });
    await response.arrayBuffer();
    return response.ok;
  };

  // Staff hold list streams, customers the stream of their own ticket: half each.
  let nextStream = 0;
  const streamTarget = () => {
    const n = nextStream++;
    const turn = n >> 1;
    if (n % 2 === 0) {
      return { path: '/api/stream/tickets', token: staffTokens[turn % staffTokens.length].token };
    }
    const { ticketId, token } = customerTokens[turn % customerTokens.length];
    return { path: `/api/stream/tickets/${ticketId}/messages`, token };
  };
  const open = new Set();
  const openOne = async () => {
    const socket = await openEventStream({
      baseUrl,
      ...streamTarget(),
      onFrame: () => {
        counts.events++;
      },
    });
    open.add(socket);
    counts.ok.streamOpened = (counts.ok.streamOpened ?? 0) + 1;
  };
  for (let i = 0; i < traffic.streams; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, traffic.streams - i) }, openOne));
  }
  const churn = async () => {
    const victim = [...open][Math.floor(Math.random() * open.size)];
    if (victim) {
      open.delete(victim);
      victim.destroy();
      counts.ok.streamClosed = (counts.ok.streamClosed ?? 0) + 1;
    }
    await openOne();
    return true;
  };

  const textBody = JSON.stringify({ body: 'Dzień dobry, dopisuję informacje do zgłoszenia.' });
  let readTurn = 0;
  const stops = [
    paced({
      name: 'textPost',
      perSecond: traffic.textPostsPerSecond,
      inFlight: 8,
      counts,
      send: () => post({ 'content-type': 'application/json' }, textBody),
    }),
    paced({
      name: 'photoUpload',
      perSecond: traffic.photoUploadsPerSecond,
      inFlight: 2,
      counts,
      send: () => {
        const { body, contentType } = photoMessage(photo);
        return post({ 'content-type': contentType }, body);
      },
    }),
    paced({
      name: 'read',
      perSecond: traffic.readsPerSecond,
      inFlight: 8,
      counts,
      // The staff list and the 200-message thread in turn.
      send: () =>
        read(
          readTurn++ % 2 ? '/api/tickets' : `/api/tickets/${THREAD_TICKET_ID}/messages?limit=100`,
        ),
    }),
    paced({
      name: 'streamChurn',
      perSecond: traffic.streamChurnPerSecond,
      inFlight: 4,
      counts,
      send: churn,
    }),
  ];

  log(`soak: ${minutes} min of mixed traffic`, JSON.stringify(traffic));
  await sleep(WARM_UP_SECONDS * 1000);
  const started = Date.now();
  const samples = [];
  const total = minutes * 60 * 1000;
  for (let next = 0; next <= total; next += SAMPLE_SECONDS * 1000) {
    await sleep(Math.max(0, started + next - Date.now()));
    const sample = {
      minute: round((Date.now() - started) / 60_000, 2),
      rssMB: round(rssBytes(serverPid) / 1024 ** 2, 1),
      ...memoryMap(serverPid),
      streamsOpen: open.size,
    };
    samples.push(sample);
    if (samples.length % 10 === 1) log('soak sample', JSON.stringify(sample));
  }
  for (const stop of stops) stop();
  await sleep(5_000);
  for (const socket of open) socket.destroy();
  open.clear();

  const mean = (list) => round(list.reduce((sum, s) => sum + s.rssMB, 0) / list.length, 1);
  const firstQuarter = samples.filter((s) => s.minute <= minutes / 4);
  const firstQuarterMeanMB = mean(firstQuarter);
  const endMB = mean(samples.slice(-END_SAMPLES));
  const ratio = round(endMB / firstQuarterMeanMB, 3);
  log(
    `soak: first quarter ${firstQuarterMeanMB} MB, end ${endMB} MB (× ${ratio}); reading at rest`,
  );
  const restAfterMB = round((await settledRss(serverPid)) / 1024 ** 2, 1);
  return {
    minutes,
    sampleSeconds: SAMPLE_SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    traffic,
    counts,
    firstQuarterMeanMB,
    endMB,
    endSamples: END_SAMPLES,
    ratio,
    pass: ratio <= 1.1,
    maxMB: Math.max(...samples.map((s) => s.rssMB)),
    restAfterMB,
    restAfterMap: memoryMap(serverPid),
    samples,
  };
}
