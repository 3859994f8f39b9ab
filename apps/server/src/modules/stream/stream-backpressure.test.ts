import type { ServerResponse } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, ORIGIN } from '../../../test/helpers';
import { listen, quickUser } from '../../../test/tickets-helpers';
import { TestClock } from '../../lib/clock';
import { TICKETS_CHANNEL } from '../tickets/index';

// Issue 15: a client that does not read must not make the server buffer without bound.
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const sockets: net.Socket[] = [];
beforeEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
});

/**
 * A list stream over a raw socket that reads nothing (paused from the start),
 * and the server's own response object for it, to look at its buffer.
 */
async function stalledStream(env: Record<string, string> = {}) {
  const app = await ctx.app({ clock: new TestClock(), env });
  const base = new URL(await listen(app));
  const alice = await quickUser(app, { username: 'Alicja' });
  let response: ServerResponse | null = null;
  app.server.on('request', (req, res: ServerResponse) => {
    if (req.url === '/api/stream/tickets') response = res;
  });
  const socket = net.connect(Number(base.port), base.hostname);
  sockets.push(socket);
  socket.pause();
  const cookie = [...alice.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  socket.write(
    `GET /api/stream/tickets HTTP/1.1\r\nHost: ${base.host}\r\nOrigin: ${ORIGIN}\r\nCookie: ${cookie}\r\n\r\n`,
  );
  const res = await vi.waitFor(() => {
    if (!response?.headersSent) throw new Error('stream not open yet');
    return response;
  });
  return { app, socket, res, ownerId: alice.user.id };
}

/** Publishes events for the stream's user until the server sees the client is not reading. */
async function fillUntilBlocked(app: FastifyInstance, res: ServerResponse, ownerId: number) {
  let id = 0;
  const publish = async (count: number) => {
    for (let i = 0; i < count; i++) {
      id++;
      await app.deps.bus.publish(TICKETS_CHANNEL, {
        id,
        type: 'message',
        ticketId: 1 + (id % 50),
        ownerId,
        payload: { message_id: id },
      });
    }
    return id;
  };
  // The kernel buffers of both ends take a few MB on loopback before write() says "wait".
  while (!res.writableNeedDrain && id < 500_000) await publish(1000);
  expect(res.writableNeedDrain).toBe(true);
  return publish;
}

describe('a client that does not read its stream', () => {
  it('costs a bounded buffer: events are merged into one until it reads again', async () => {
    const { app, socket, res, ownerId } = await stalledStream();
    const publish = await fillUntilBlocked(app, res, ownerId);
    // About 2 MB more of events while it still does not read: the buffer stays at one
    // socket high-water mark (16 KiB on Node 20, 64 KiB on Node 24) and an event, where
    // it grew by every event before.
    const lastId = await publish(25_000);
    expect(res.writableLength).toBeLessThan(res.writableHighWaterMark + 16 * 1024);
    expect(res.destroyed).toBe(false);

    // Once it reads, it gets the one merged event (the newest id), naming no message.
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.resume();
    await vi.waitFor(() => expect(received).toContain(`id: ${lastId}\n`), { timeout: 30_000 });
    const merged = received.slice(received.indexOf(`id: ${lastId}\n`)).split('\n')[1] ?? '';
    expect(JSON.parse(merged.replace(/^data: /, ''))).toEqual({
      type: 'message',
      ticket_id: 1 + (lastId % 50),
    });
    // And the stream carries on as usual.
    const next = await publish(1);
    await vi.waitFor(() => expect(received).toContain(`id: ${next}\n`));
    expect(res.destroyed).toBe(false);
  });

  it('is disconnected once it stays blocked past STREAM_STALL_TIMEOUT_SECONDS', async () => {
    const { app, socket, res, ownerId } = await stalledStream({
      STREAM_STALL_TIMEOUT_SECONDS: '0.5',
    });
    const publish = await fillUntilBlocked(app, res, ownerId);
    // The kernel's buffers (a few MB on loopback) still take a little now and then (a
    // `drain`); events keep coming until they are full and the client stays blocked for 0.5 s.
    const deadline = Date.now() + 30_000;
    while (!res.destroyed && Date.now() < deadline) {
      if (res.writableNeedDrain) await new Promise((resolve) => setTimeout(resolve, 2));
      else await publish(100);
    }
    expect(res.destroyed).toBe(true);
    expect(res.socket?.destroyed ?? true).toBe(true);
    // The client sees the end once it reads what had reached it.
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.resume();
    await closed;
  });
});
