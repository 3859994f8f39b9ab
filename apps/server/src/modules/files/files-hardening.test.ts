import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { MAX_FILE_BYTES } from '@studio/shared/limits';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import {
  createTicket,
  pdfFile,
  pngImage,
  postMessage,
  quickUser,
  uploadedFiles,
  zipFile,
} from '../../../test/tickets-helpers';
import { fileBlobs, ticketAttachments } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { cleanFilename } from './filename';
import { IMAGE_WORKERS } from './image';

/**
 * Security review 2026-11, findings 9, 13, 28 and 34 (files): each test plays
 * the attack against the real server and failed before the fix.
 */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

async function world(env: Record<string, string> = {}) {
  const app = await ctx.app({ clock: new TestClock(), env });
  const alice = await quickUser(app, { username: 'Alicja' });
  return { app, alice };
}
type Client = Awaited<ReturnType<typeof world>>['alice']['client'];

async function upload(client: Client, files: Array<{ filename: string; data: Buffer }>) {
  const response = await createTicket(client, { body: 'pliki', files });
  expect(response.statusCode).toBe(201);
  const [message] = (await client.get(`/api/tickets/${response.json().id}/messages`)).json()
    .messages;
  return message.files as Array<{ id: string; url: string; filename: string; size: number }>;
}

/** A noise PNG with a 2^depth-colour palette, built by hand: tiny to make, costly to re-encode. */
function paletteNoisePng(width: number, height: number, depth: 1 | 2 | 4): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const rowBytes = Math.ceil((width * depth) / 8);
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) crypto.randomFillSync(raw, y * (rowBytes + 1) + 1, rowBytes);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth;
  header[9] = 3; // indexed colour
  const palette = Buffer.from(Array.from({ length: 3 << depth }, (_, i) => (i * 37) % 256));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('finding 9/34: download names cannot lie', () => {
  it('stores, lists and serves a file under the extension of its detected type', async () => {
    const { alice } = await world();
    const files = await upload(alice.client, [
      { filename: 'run.bat', data: Buffer.from('@echo off\r\nformat c:\r\n') },
      { filename: 'invoice.pdf.exe', data: zipFile() },
      { filename: 'README', data: Buffer.from('czytaj mnie') },
      { filename: 'skan.JPEG.pdf', data: pdfFile() },
      { filename: 'zdjecie.jpg', data: await pngImage() },
    ]);
    expect(files.map((f) => f.filename)).toEqual([
      'run.txt',
      'invoice.pdf.zip',
      'README.txt',
      'skan.JPEG.pdf',
      'zdjecie.png',
    ]);
    const served = await alice.client.get(files[0]?.url ?? '');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="run.txt"; filename*=UTF-8''run.txt`,
    );
    const zip = await alice.client.get(files[1]?.url ?? '');
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="invoice.pdf.zip"/);
  });

  it('removes bidi overrides, zero-width and control characters and caps the length', async () => {
    const { alice } = await world();
    const files = await upload(alice.client, [
      // Displayed as "fakturaexe.pdf" with the override kept.
      { filename: 'faktura\u202Efdp.exe', data: Buffer.from('tekst') },
      { filename: 'ra\u200Bport\u2066\u2069\u200F\u00AD.pdf', data: pdfFile() },
      { filename: `${'x'.repeat(300)}\u0085.pdf`, data: pdfFile() },
      { filename: 'ukryte.bat. . .', data: Buffer.from('tekst') },
    ]);
    expect(files[0]?.filename).toBe('fakturafdp.txt');
    expect(files[1]?.filename).toBe('raport.pdf');
    expect(files[2]?.filename).toBe(`${'x'.repeat(196)}.pdf`);
    expect(files[3]?.filename).toBe('ukryte.txt');
    const served = await alice.client.get(files[0]?.url ?? '');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="fakturafdp.txt"; filename*=UTF-8''fakturafdp.txt`,
    );
  });

  it('lists and serves rows stored before the rule under a truthful name', async () => {
    const { app, alice } = await world();
    const [file] = await upload(alice.client, [{ filename: 'a.txt', data: Buffer.from('x') }]);
    // As an older version stored it: the uploader's name, untouched.
    await app.deps.db
      .update(ticketAttachments)
      .set({ filename: 'stary\u202Etxt.bat' })
      .where(eq(ticketAttachments.id, file?.id ?? ''));
    const [ticket] = (await alice.client.get('/api/tickets')).json().tickets;
    const [message] = (await alice.client.get(`/api/tickets/${ticket.id}/messages`)).json()
      .messages;
    expect(message.files[0].filename).toBe('starytxt.txt');
    const served = await alice.client.get(file?.url ?? '');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="starytxt.txt"/);
  });

  it('gives the same name when cleaned twice', () => {
    for (const [name, type] of [
      ['run.bat', 'text/plain'],
      ['a\u202E.pdf.exe', 'application/zip'],
      [`${'ż'.repeat(300)}.JPG`, 'image/jpeg'],
      ['..', 'image/webp'],
    ] as const) {
      const once = cleanFilename(name, type);
      expect(cleanFilename(once, type)).toBe(once);
    }
  });
});

describe('finding 13: image re-encoding is bounded', () => {
  it('refuses an image over 25 megapixels with 413 before decoding it', async () => {
    const { app, alice } = await world();
    // 6000×5000 = 30 MP of one colour: a small file that decodes to 120 MB of pixels.
    const huge = await sharp({
      create: { width: 6000, height: 5000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(MAX_FILE_BYTES);
    const response = await createTicket(alice.client, {
      files: [{ filename: 'a.png', data: huge }],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'file_too_large' });
    expect(uploadedFiles(app)).toEqual([]);
  });

  it('never stores a re-encoded image larger than the 8 MiB limit', async () => {
    const { app, alice } = await world();
    // 16 MP of 16-colour noise: 8.0 MB as sent, about 10.5 MB once re-encoded.
    const noise = paletteNoisePng(4000, 4000, 4);
    expect(noise.length).toBeLessThanOrEqual(MAX_FILE_BYTES);
    const response = await createTicket(alice.client, {
      files: [{ filename: 'a.png', data: noise }],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'file_too_large' });
    expect(uploadedFiles(app)).toEqual([]);
  });

  it('re-encodes at most IMAGE_WORKERS images at a time, however many uploads arrive', async () => {
    const { app, alice } = await world();
    // Three customers with two uploads each: one user may have only two in flight (finding 7).
    const senders = [
      alice,
      await quickUser(app, { username: 'Bartek' }),
      await quickUser(app, { username: 'Celina' }),
    ];
    const tickets = await Promise.all(
      senders.map(async (s) => (await createTicket(s.client, { body: 'start' })).json().id),
    );
    const image = paletteNoisePng(1500, 1500, 1);
    let busiest = 0;
    const sampler = setInterval(() => {
      busiest = Math.max(busiest, sharp.counters().process);
    }, 1);
    try {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          postMessage(senders[i % 3]?.client ?? alice.client, tickets[i % 3], {
            files: [{ filename: `${i}.png`, data: image }],
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    } finally {
      clearInterval(sampler);
    }
    expect(busiest).toBeGreaterThan(0);
    expect(busiest).toBeLessThanOrEqual(IMAGE_WORKERS);
  });
});

describe('finding 28: files are streamed, ranged and revalidated without a full read', () => {
  it('answers If-None-Match with 304 from the row alone (local storage)', async () => {
    const { app, alice } = await world();
    const [file] = await upload(alice.client, [{ filename: 'a.pdf', data: pdfFile() }]);
    const etag = (await alice.client.get(file?.url ?? '')).headers.etag as string;
    // With the bytes gone, any read would fail: a 304 proves none happened.
    for (const stored of uploadedFiles(app)) fs.rmSync(stored);
    const cached = await alice.client.get(file?.url ?? '', { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.headers['cache-control']).toBe('private, no-store');
  });

  it('answers If-None-Match with 304 without reading the bytea row (database storage)', async () => {
    const { app, alice } = await world({ STORAGE: 'database' });
    const [file] = await upload(alice.client, [{ filename: 'a.pdf', data: pdfFile() }]);
    const etag = (await alice.client.get(file?.url ?? '')).headers.etag as string;
    await app.deps.db.delete(fileBlobs);
    const cached = await alice.client.get(file?.url ?? '', { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
  });

  it('reads only the asked range, even from a file too large to hold in memory', async () => {
    const { app, alice } = await world();
    const [file] = await upload(alice.client, [{ filename: 'a.pdf', data: pdfFile() }]);
    const [stored] = uploadedFiles(app);
    // Sparse, so it costs no disk: 3 GiB is more than one Buffer may hold.
    fs.truncateSync(stored ?? '', 3 * 1024 ** 3);
    const head = await alice.client.get(file?.url ?? '', { range: 'bytes=0-7' });
    expect(head.statusCode).toBe(206);
    expect(head.body).toBe('%PDF-1.4');
    expect(head.headers['content-range']).toBe(`bytes 0-7/${3 * 1024 ** 3}`);
    expect(head.headers['content-length']).toBe('8');
    const past = await alice.client.get(file?.url ?? '', { range: `bytes=${4 * 1024 ** 3}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${3 * 1024 ** 3}`);
  });

  it('streams a database-stored file in chunks and serves its ranges', async () => {
    const { alice } = await world({ STORAGE: 'database' });
    // Over two 1 MiB chunks, with a byte pattern that shows any misplaced chunk.
    const text = Buffer.from(
      Array.from({ length: 2.5 * 1024 * 1024 }, (_, i) => 97 + (Math.floor(i / 7) % 26)),
    );
    const [file] = await upload(alice.client, [{ filename: 'long.txt', data: text }]);
    const whole = await alice.client.get(file?.url ?? '');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(text.length));
    expect(whole.rawPayload.equals(text)).toBe(true);
    const start = 1024 * 1024 - 3;
    const part = await alice.client.get(file?.url ?? '', {
      range: `bytes=${start}-${start + 1024 * 1024 + 9}`,
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(text.subarray(start, start + 1024 * 1024 + 10))).toBe(true);
  });
});
