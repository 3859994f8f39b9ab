import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestContext, ORIGIN } from './helpers';
import { quickUser } from './tickets-helpers';

/**
 * Security review 2026-11, finding 27: a client that stalls or trickles its
 * request must lose its connection instead of holding it (and the upload
 * buffers behind it) forever. Real sockets against a server on port 0.
 */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

async function listening(env: Record<string, string>) {
  const app = await ctx.app({ env });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as net.AddressInfo).port };
}

/** Connects, lets `feed` write to the socket, and resolves with how long the server kept it open. */
function heldOpenMs(port: number, feed: (socket: net.Socket) => void, giveUpMs: number) {
  return new Promise<{ ms: number; closedByServer: boolean; answer: string }>((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => feed(socket));
    socket.on('data', (chunk) => {
      answer += String(chunk);
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ ms: Date.now() - started, closedByServer: false, answer });
    }, giveUpMs);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ ms: Date.now() - started, closedByServer: true, answer });
    });
  });
}

/** The start of an 8 MiB multipart upload to a new ticket, as a browser sends it. */
function uploadHead(cookie: string, bodyBytes: number) {
  return [
    'POST /api/tickets HTTP/1.1',
    'Host: localhost:3000',
    `Origin: ${ORIGIN}`,
    `Cookie: sid=${cookie}`,
    'Content-Type: multipart/form-data; boundary=xyz',
    `Content-Length: ${bodyBytes}`,
    '',
    '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
  ].join('\r\n');
}

async function uploader(app: FastifyInstance) {
  const { client } = await quickUser(app, { username: 'wolny' });
  return client.cookies.get('sid') as string;
}

describe('timeouts', () => {
  it('cuts off an upload that stalls mid-body after the idle timeout', async () => {
    const { app, port } = await listening({ IDLE_TIMEOUT_SECONDS: '1' });
    const cookie = await uploader(app);
    const result = await heldOpenMs(
      port,
      (socket) => {
        socket.write(uploadHead(cookie, 8 * 1024 * 1024));
        socket.write(Buffer.alloc(256 * 1024, 1)); // then nothing more
      },
      8_000,
    );
    expect(result.closedByServer).toBe(true);
    expect(result.ms).toBeLessThan(4_000);
    // The server itself is fine afterwards.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('cuts off a body trickled slower than the request timeout allows', async () => {
    const { app, port } = await listening({
      REQUEST_TIMEOUT_SECONDS: '2',
      HEADERS_TIMEOUT_SECONDS: '1',
      IDLE_TIMEOUT_SECONDS: '30',
    });
    const cookie = await uploader(app);
    let timer: NodeJS.Timeout | undefined;
    const result = await heldOpenMs(
      port,
      (socket) => {
        socket.write(uploadHead(cookie, 8 * 1024 * 1024));
        // A byte every 200 ms: never idle, never finished.
        timer = setInterval(() => socket.writable && socket.write('x'), 200);
      },
      10_000,
    );
    clearInterval(timer);
    expect(result.closedByServer).toBe(true);
    expect(result.ms).toBeLessThan(6_000);
  });

  it('cuts off headers trickled slower than the headers timeout allows (slowloris)', async () => {
    const { port } = await listening({ HEADERS_TIMEOUT_SECONDS: '1', IDLE_TIMEOUT_SECONDS: '30' });
    let timer: NodeJS.Timeout | undefined;
    const result = await heldOpenMs(
      port,
      (socket) => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
        timer = setInterval(() => socket.writable && socket.write('X-a: b\r\n'), 200);
      },
      10_000,
    );
    clearInterval(timer);
    expect(result.closedByServer).toBe(true);
    expect(result.ms).toBeLessThan(5_000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('defaults leave an 8 MiB file on a 256 kbit/s uplink time to arrive', () => {
    const { timeouts } = loadConfig({});
    const eightMiBAt256kbit = ((8 * 1024 * 1024 * 8) / 256_000) * 1000;
    expect(timeouts.requestMs).toBeGreaterThan(eightMiBAt256kbit);
    // Longer than the 25 s SSE heartbeat, so live streams are never taken for idle.
    expect(timeouts.idleMs).toBeGreaterThan(25_000);
    expect(timeouts.headersMs).toBeLessThanOrEqual(timeouts.requestMs);
  });
});
