import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { type Clock, TestClock } from '../src/lib/clock';
import { createSession } from '../src/modules/auth/index';
import { Client, type createTestContext, ORIGIN } from './helpers';
import { buildZip } from './office-files';

/**
 * A verified account with a live session, created directly in the database:
 * registration has its own tests, and skipping argon2 keeps these fast.
 */
export async function quickUser(
  app: FastifyInstance,
  input: { username: string; isAdmin?: boolean; email?: string },
) {
  const { db, clock } = app.deps;
  const now = clock.now();
  const [user] = await db
    .insert(users)
    .values({
      username: input.username,
      email: input.email ?? `${input.username.toLowerCase()}@example.com`,
      passwordHash: 'not-a-real-hash',
      isAdmin: input.isAdmin ?? false,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { user, client: await loginAs(app, user.id) };
}

/** The usual cast of a tickets test: two customers and one staff member, each logged in. */
export async function customersAndStaff(app: FastifyInstance) {
  const alice = await quickUser(app, { username: 'Alicja' });
  const bob = await quickUser(app, { username: 'Bartek' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  return { alice, bob, admin };
}

/** An app on a controllable clock with the usual cast: what most tickets tests start from. */
export async function ticketsWorld(ctx: ReturnType<typeof createTestContext>) {
  const clock = new TestClock();
  const app = await ctx.app({ clock });
  return { app, clock, ...(await customersAndStaff(app)) };
}

/** The staff workspace's cast: the usual one plus a second staff member to assign to. */
export async function customersAndTwoStaff(app: FastifyInstance) {
  const cast = await customersAndStaff(app);
  const colleague = await quickUser(app, { username: 'Kolega', isAdmin: true });
  return { ...cast, colleague };
}

/** Another logged-in browser for the same user (its own session). */
export async function loginAs(app: FastifyInstance, userId: number) {
  const session = await createSession(app.deps, {
    userId,
    isPersistent: false,
    meta: { ip: '127.0.0.1', throttleAddress: '127.0.0.1', userAgent: 'test' },
  });
  const client = new Client(app);
  client.cookies.set('sid', session.token);
  return client;
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; type?: string };

/** A multipart/form-data body, built by hand so tests control every byte of it. */
export function multipart(parts: Part[]) {
  const boundary = `----studio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface MessageInput {
  body?: string;
  files?: Array<{ filename: string; data: Buffer; type?: string }>;
  extra?: Record<string, string>;
  headers?: Record<string, string>;
}

function messageParts(input: MessageInput): Part[] {
  return [
    ...(input.body !== undefined ? [{ name: 'body', value: input.body }] : []),
    ...Object.entries(input.extra ?? {}).map(([name, value]) => ({ name, value })),
    ...(input.files ?? []).map((f) => ({ name: 'images', ...f })),
  ];
}

export function createTicket(client: Client, input: MessageInput) {
  const { payload, headers } = multipart(messageParts(input));
  return client.request('POST', '/api/tickets', payload, { ...headers, ...input.headers });
}

/** The studio-wide number (DESIGN.md §7.9) that screens and e-mails name, as `{ticket}` gives it. */
export async function ticketNumber(client: Client, ticketId: number): Promise<number> {
  return (await client.get(`/api/tickets/${ticketId}`)).json().ticket.number;
}

export function postMessage(client: Client, ticketId: number, input: MessageInput) {
  const { payload, headers } = multipart(messageParts(input));
  return client.request('POST', `/api/tickets/${ticketId}/messages`, payload, {
    ...headers,
    ...input.headers,
  });
}

export const pngImage = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

export const webpImage = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } })
    .webp()
    .toBuffer();

/** A JPEG as a phone writes it: rotated by EXIF and carrying GPS and camera tags. */
export const jpegWithExif = () =>
  sharp({ create: { width: 60, height: 20, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 9000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 13/1 0/1' },
    })
    .toBuffer();

export const pdfFile = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A one-entry ZIP archive, built byte by byte (stored, no compression). */
/** A plain ZIP holding one stored text file. */
export function zipFile(): Buffer {
  return buildZip([{ name: 'a.txt', data: 'hello', stored: true }]);
}

/** Every file under DATA_DIR/uploads (temp files included). */
export function uploadedFiles(app: FastifyInstance): string[] {
  const root = path.join(app.deps.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((p) => path.join(root, p))
    .filter((p) => fs.statSync(p).isFile());
}

export async function makeAdmin(db: Db, userId: number) {
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
}

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/**
 * An EventSource stand-in over a real socket: collects events as they arrive
 * and lets a test wait for the one it expects (no sleeps).
 */
export async function openStream(
  baseUrl: string,
  urlPath: string,
  client: Client | null,
  headers: Record<string, string> = {},
) {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  const events: SseEvent[] = [];
  let raw = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(`${baseUrl}${urlPath}`, {
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    });
    req.on('response', resolve);
    req.on('error', reject);
  });
  response.setEncoding('utf8');
  let buffer = '';
  response.on('data', (chunk: string) => {
    raw += chunk;
    buffer += chunk;
    let index = buffer.indexOf('\n\n');
    while (index >= 0) {
      const block = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      const lines = block.split('\n');
      const get = (field: string) =>
        lines
          .filter((l) => l.startsWith(`${field}:`))
          .map((l) => l.slice(field.length + 1).trimStart());
      const data = get('data');
      if (data.length) {
        events.push({
          event: get('event')[0] ?? 'message',
          id: get('id')[0],
          data: data.join('\n'),
        });
      }
      index = buffer.indexOf('\n\n');
    }
    wake();
  });
  response.on('close', () => {
    ended = true;
    wake();
  });
  response.on('error', () => {});
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    events,
    get raw() {
      return raw;
    },
    get ended() {
      return ended;
    },
    /** Resolves once an event matching `predicate` arrived (the test timeout bounds it). */
    async waitFor(predicate: (e: SseEvent) => boolean): Promise<SseEvent> {
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (ended) throw new Error(`stream ended without the event; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            resolve();
          };
          waiters.add(done);
        });
      }
    },
    /** Resolves once the raw stream contains `text` (comments such as heartbeats included). */
    async waitForRaw(text: string) {
      while (!raw.includes(text)) {
        if (ended) throw new Error(`stream ended without ${JSON.stringify(text)}`);
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            resolve();
          };
          waiters.add(done);
        });
      }
    },
    async waitForEnd() {
      while (!ended) {
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done);
            resolve();
          };
          waiters.add(done);
        });
      }
    },
    close() {
      response.destroy();
    },
  };
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

export type { Clock };
