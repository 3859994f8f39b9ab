// One fan-out client process (forked by bench/fanout.mjs): holds its share of
// the list streams and reports when each one received a round's event. Several
// of them split 10,000 sockets, so no single client process is the bottleneck
// that delays arrivals, nor runs out of file descriptors. Arrival times are
// process.hrtime (the system's monotonic clock), comparable across processes.
import { openEventStream } from './event-stream-socket.mjs';

const now = () => Number(process.hrtime.bigint()) / 1e6;

let setup = null;
let round = -1;
/** Arrival time of the current round's event, per stream (NaN: not yet). */
let arrivals = new Float64Array(0);
let received = 0;
const requests = [];

/** One list stream (lib/event-stream-socket.mjs); each round's event is timed on arrival. */
function openStream(index, { baseUrl, token, localAddress }) {
  return openEventStream({
    baseUrl,
    path: '/api/stream/tickets',
    token,
    localAddress,
    onFrame: (frame) => {
      if (frame.includes('event: ticket')) onEvent(index, frame);
    },
  });
}

function onEvent(index, frame) {
  if (round < 0 || !frame.includes(`"ticket_id":${setup.ticketId}`)) return;
  if (!Number.isNaN(arrivals[index])) return;
  arrivals[index] = now();
  received++;
  if (received === arrivals.length) process.send({ type: 'round-done', round });
}

async function openUpTo(count) {
  // In batches, so the listen backlog is never the thing being measured.
  for (let i = requests.length; i < count; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 100); j++) {
      batch.push(openStream(j, { baseUrl: setup.baseUrl, ...setup.streams[j] }));
    }
    requests.push(...(await Promise.all(batch)));
  }
}

process.on('message', async (message) => {
  try {
    if (message.type === 'setup') {
      setup = message;
      arrivals = new Float64Array(setup.streams.length).fill(Number.NaN);
      process.send({ type: 'ready' });
    } else if (message.type === 'open') {
      await openUpTo(message.count);
      process.send({ type: 'opened', count: requests.length });
    } else if (message.type === 'round') {
      round = message.round;
      arrivals = new Float64Array(requests.length).fill(Number.NaN);
      received = 0;
      process.send({ type: 'armed' });
    } else if (message.type === 'report') {
      process.send({ type: 'report', round, arrivals: [...arrivals], received });
    } else if (message.type === 'close') {
      for (const request of requests) request.destroy();
      process.send({ type: 'closed' });
      process.disconnect();
    }
  } catch (error) {
    process.send({ type: 'error', message: String(error?.stack ?? error) });
  }
});
