import { randomBytes, randomUUID } from 'node:crypto';
import type net from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, ORIGIN, registerUser } from '../../../test/helpers';
import { createTicket } from '../../../test/tickets-helpers';
import { ticketAttachments, ticketMessages } from '../../db/schema/index';
import { createStorage } from '../../storage/create-storage';

/**
 * Finding 2 (review test 4): an export of a user with a few hundred MB of
 * attachments, over real HTTP. The server must keep answering other requests
 * during it, and its memory must not grow with the archive.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const MiB = 1024 * 1024;
const STORED_FILES = 26;
const TEXT_FILES = 2;
const FILE_BYTES = 8 * MiB;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const usedMemory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
/**
 * What the process still holds, garbage collected first: without it the figure
 * counts chunks already sent but not yet collected, which depends on the V8
 * version's GC timing (Node 24 collects later than 20), not on the export.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const liveMemory = () => {
  collectGarbage();
  return usedMemory();
};

describe('a large data export (finding 2)', () => {
  it('streams 224 MiB while /api/health keeps answering and memory stays bounded', async () => {
    const app = await ctx.app();
    const { client, password } = await registerUser(app, ctx.mail, {
      username: 'duzo',
      email: 'duzo@example.com',
    });
    const created = await createTicket(client, { body: 'Dużo plików' });
    const ticketId = created.json().id as number;
    const [message] = await ctx.database.db.select().from(ticketMessages);
    if (!message) throw new Error('no message');
    // Seeded straight into storage: uploading 224 MiB through the API is not what is tested.
    const storage = createStorage(app.deps.config, app.deps.clock);
    const binary = randomBytes(FILE_BYTES);
    const text = Buffer.from(randomBytes(FILE_BYTES / 2).toString('hex'));
    for (let i = 0; i < STORED_FILES + TEXT_FILES; i++) {
      const isText = i >= STORED_FILES;
      const key = randomUUID();
      await storage.write(ctx.database.db, key, isText ? text : binary);
      await ctx.database.db.insert(ticketAttachments).values({
        id: randomUUID(),
        messageId: message.id,
        ticketId,
        filename: isText ? `notatki-${i}.txt` : `archiwum-${i}.zip`,
        position: i,
        mimetype: isText ? 'text/plain' : 'application/zip',
        size: FILE_BYTES,
        storageKey: key,
        isImage: false,
        sha256: 'x',
        createdAt: new Date(),
      });
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    const before = liveMemory();

    let exporting = true;
    let peak = before;
    const healthMs: number[] = [];
    const probe = (async () => {
      while (exporting) {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        healthMs.push(performance.now() - started);
        peak = Math.max(peak, liveMemory());
        await sleep(25);
      }
    })();

    const response = await fetch(`${base}/api/profile/export`, {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        cookie: `sid=${client.cookies.get('sid')}`,
      },
      body: JSON.stringify({ password }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    // Read as a client does, keeping only the count and the last bytes (the ZIP's end record).
    let received = 0;
    let tail = Buffer.alloc(0);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      received += chunk.length;
      tail = Buffer.concat([tail, chunk]).subarray(-22);
    }
    exporting = false;
    await probe;

    const attachmentBytes = (STORED_FILES + TEXT_FILES) * FILE_BYTES;
    // Stored entries keep their size; the hex text deflates to about half.
    expect(received).toBeGreaterThan(STORED_FILES * FILE_BYTES);
    expect(received).toBeLessThan(attachmentBytes + MiB);
    // End of central directory: signature, and every entry counted (6 JSON/README + files).
    expect(tail.readUInt32LE(0)).toBe(0x06054b50);
    expect(tail.readUInt16LE(10)).toBe(6 + STORED_FILES + TEXT_FILES);
    const slowest = Math.max(...healthMs);
    console.log(
      `export: ${(received / MiB).toFixed(0)} MiB, ${healthMs.length} health checks, slowest ${slowest.toFixed(0)} ms, ` +
        `memory growth ${((peak - before) / MiB).toFixed(1)} MiB`,
    );
    expect(healthMs.length).toBeGreaterThan(3);
    expect(slowest).toBeLessThan(500);
    // The seeding buffers (12 MiB) are still referenced; the archive itself must not be held.
    expect(peak - before).toBeLessThan(64 * MiB);
  }, 180_000);
});
