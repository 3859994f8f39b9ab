// One fan-out client process (forked by bench/fanout.mjs): holds its share of
// the list streams and reports when each one received a round's event. Several
// of them split 10,000 sockets, so no single client process is the bottleneck
// that delays arrivals, nor runs out of file descriptors. Arrival times are
// process.hrtime (the system's monotonic clock), comparable across processes.
import net from 'node:net';

const now = () => Number(process.hrtime.bigint()) / 1e6;

let setup = null;
let round = -1;
/** Arrival time of the current round's event, per stream (NaN: not yet). */
let arrivals = new Float64Array(0);
let received = 0;
const requests = [];

/**
 * One list stream over a raw TCP socket: the request written by hand and the
 * answer scanned as text. SSE frames are found by their blank line; the
 * chunked-encoding size lines between them are ignored (the server writes each
 * frame as one chunk). Four such clients parse 10,000 streams with far less
 * CPU than node:http's parser would spend, so arrivals are not queued behind
 * the measuring side.
 */
function openStream(index, { baseUrl, token, localAddress }) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress });
    socket.setEncoding('latin1');
    socket.write(
      `GET /api/stream/tickets HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\nCookie: sid=${token}\r\n\r\n`,
    );
    let buffer = '';
    let opened = false;
    socket.on('data', (chunk) => {
      buffer += chunk;
      // A refusal (429, 503) has a JSON body and no SSE frame to wait for.
      if (!opened && buffer.includes('\r\n\r\n') && !buffer.startsWith('HTTP/1.1 200')) {
        socket.destroy();
        reject(new Error(`stream answered ${buffer.slice(0, 12)}`));
        return;
      }
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!opened && frame.includes('retry:')) {
          opened = true;
          resolve(socket);
        } else if (opened && frame.includes('event: ticket')) onEvent(index, frame);
        end = buffer.indexOf('\n\n');
      }
    });
    socket.on('error', reject);
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
