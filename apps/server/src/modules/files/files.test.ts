import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, ORIGIN } from '../../../test/helpers';
import {
  createTicket,
  jpegWithExif,
  listen,
  multipart,
  pdfFile,
  pngImage,
  postMessage,
  quickUser,
  uploadedFiles,
  webpImage,
  zipFile,
} from '../../../test/tickets-helpers';
import { fileBlobs, ticketAttachments, ticketMessages, tickets } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { contentDisposition } from './disposition';
import { cleanFilename } from './filename';
import { parseRange } from './routes';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const MiB = 1024 * 1024;

async function world(env: Record<string, string> = {}) {
  const app = await ctx.app({ clock: new TestClock(), env });
  const alice = await quickUser(app, { username: 'Alicja' });
  const bob = await quickUser(app, { username: 'Bartek' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  return { app, alice, bob, admin };
}

async function storedCounts(app: Awaited<ReturnType<typeof world>>['app']) {
  const { db } = app.deps;
  const [t] = await db.select({ n: count() }).from(tickets);
  const [m] = await db.select({ n: count() }).from(ticketMessages);
  const [a] = await db.select({ n: count() }).from(ticketAttachments);
  const [b] = await db.select({ n: count() }).from(fileBlobs);
  return {
    tickets: t?.n,
    messages: m?.n,
    attachments: a?.n,
    blobs: b?.n,
    files: uploadedFiles(app).length,
  };
}

const nothingStored = { tickets: 0, messages: 0, attachments: 0, blobs: 0, files: 0 };

describe('upload limits', () => {
  it('refuses 6 files with 400 too_many_files and stores nothing', async () => {
    const { app, alice } = await world();
    const png = await pngImage();
    const files = Array.from({ length: 6 }, (_, i) => ({ filename: `${i}.png`, data: png }));
    const response = await createTicket(alice.client, { body: 'sześć', files });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'too_many_files' });
    expect(await storedCounts(app)).toEqual(nothingStored);

    const five = await createTicket(alice.client, { body: 'pięć', files: files.slice(0, 5) });
    expect(five.statusCode).toBe(201);
  });

  it('refuses 8 MiB + 1 byte with 413 file_too_large and stores nothing; 8 MiB exactly is fine', async () => {
    const { app, alice } = await world();
    const tooBig = Buffer.alloc(8 * MiB + 1, 'a');
    const response = await createTicket(alice.client, {
      body: 'duży',
      files: [
        { filename: 'ok.png', data: await pngImage() },
        { filename: 'duzy.txt', data: tooBig },
      ],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'file_too_large' });
    expect(await storedCounts(app)).toEqual(nothingStored);

    const exact = await createTicket(alice.client, {
      files: [{ filename: 'dokladnie.txt', data: Buffer.alloc(8 * MiB, 'a') }],
    });
    expect(exact.statusCode).toBe(201);
  });
});

describe('file types from the bytes', () => {
  it('refuses HTML renamed .png, SVG, and unknown binaries with 415', async () => {
    const { app, alice } = await world();
    const bad = [
      {
        filename: 'kot.png',
        data: Buffer.from('<!doctype html><script>alert(1)</script>'),
        type: 'image/png',
      },
      {
        filename: 'logo.svg',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        type: 'image/svg+xml',
      },
      { filename: 'notatka.txt', data: Buffer.from('Cześć!\n<html><body onload=alert(1)>') },
      {
        filename: 'program.exe',
        data: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
      },
      { filename: 'binarne.bin', data: Buffer.from([0, 1, 2, 3, 250, 251, 252]) },
      { filename: 'gif.gif', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') },
    ];
    for (const file of bad) {
      const response = await createTicket(alice.client, { body: 'plik', files: [file] });
      expect(response.statusCode, file.filename).toBe(415);
      expect(response.json()).toEqual({ error: 'unsupported_file_type' });
    }
    expect(await storedCounts(app)).toEqual(nothingStored);
  });

  it('accepts PNG, JPEG and WEBP as images with size and thumbnail, and PDF, text, ZIP as files', async () => {
    const { alice } = await world();
    const response = await createTicket(alice.client, {
      body: 'pliki',
      files: [
        { filename: 'a.png', data: await pngImage(40, 30) },
        { filename: 'b.jpg', data: await jpegWithExif() },
        { filename: 'c.webp', data: await webpImage(), type: 'text/html' },
        { filename: 'd.pdf', data: pdfFile(), type: 'image/png' },
        { filename: 'e.txt', data: Buffer.from('Zwykły tekst\r\nz polskimi znakami: zażółć') },
      ],
    });
    expect(response.statusCode).toBe(201);
    const second = await postMessage(alice.client, response.json().id, {
      files: [{ filename: 'f.zip', data: zipFile() }],
    });
    expect(second.statusCode).toBe(201);
    const [first, withZip] = (
      await alice.client.get(`/api/tickets/${response.json().id}/messages`)
    ).json().messages;
    const files = first.files as Array<Record<string, unknown>>;
    expect(files.map((f) => [f.filename, f.mimetype, f.isImage])).toEqual([
      ['a.png', 'image/png', true],
      ['b.jpg', 'image/jpeg', true],
      ['c.webp', 'image/webp', true],
      ['d.pdf', 'application/pdf', false],
      ['e.txt', 'text/plain', false],
    ]);
    expect(files[0]).toMatchObject({
      width: 40,
      height: 30,
      thumbnailUrl: `/api/files/${files[0]?.id}/thumbnail`,
    });
    expect(files[3]).not.toHaveProperty('thumbnailUrl');
    expect(files[3]?.url).toBe(`/api/files/${files[3]?.id}`);
    expect(withZip.files[0]).toMatchObject({
      filename: 'f.zip',
      mimetype: 'application/zip',
      isImage: false,
    });
  });

  it('re-encodes images without location or camera data, keeping their orientation', async () => {
    const { alice } = await world();
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { id } = (
      await createTicket(alice.client, { files: [{ filename: 'zdjecie.jpg', data: original }] })
    ).json();
    const [message] = (await alice.client.get(`/api/tickets/${id}/messages`)).json().messages;
    const file = message.files[0];
    // 60×20 with orientation 6 stands upright as 20×60.
    expect([file.width, file.height]).toEqual([20, 60]);
    const served = await alice.client.get(file.url);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 60]);
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const thumb = await alice.client.get(file.thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });
});

describe('filenames', () => {
  it('keeps a hostile filename only as data and serves it with an RFC 6266 header', async () => {
    const { app, alice } = await world();
    // Path segments and quotes (escaped as a browser does) in the multipart header.
    const boundary = 'granica';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="../../etc/\\"zły\\"; x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdfFile(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await alice.client.request('POST', '/api/tickets', payload, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(response.statusCode).toBe(201);
    const [message] = (await alice.client.get(`/api/tickets/${response.json().id}/messages`)).json()
      .messages;
    const file = message.files[0];
    expect(file.filename).toBe('"zły"; x.pdf');
    // Stored under a generated name, inside the uploads directory.
    const stored = uploadedFiles(app);
    expect(stored).toHaveLength(1);
    expect(path.basename(stored[0] ?? '')).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(app.deps.config.dataDir, 'etc'))).toBe(false);

    const served = await alice.client.get(file.url);
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="_z_y_; x.pdf"; filename*=UTF-8''%22z%C5%82y%22%3B%20x.pdf`,
    );
  });

  it('cleans CR/LF, control characters and directories out of a filename', () => {
    expect(cleanFilename('..\\..\\windows\\a.txt', 'text/plain')).toBe('a.txt');
    expect(cleanFilename('../../etc/passwd', 'text/plain')).toBe('passwd.txt');
    expect(cleanFilename('raport\r\nSet-Cookie: x=1.pdf', 'application/pdf')).toBe(
      'raportSet-Cookie: x=1.pdf',
    );
    expect(cleanFilename('...', 'image/png')).toBe('plik.png');
    expect(cleanFilename(undefined, 'application/pdf')).toBe('plik.pdf');
    expect(cleanFilename('x'.repeat(500), 'text/plain')).toHaveLength(200);
  });

  it('encodes names in Content-Disposition so no character breaks out', () => {
    expect(contentDisposition('inline', 'zdjęcie (1).png')).toBe(
      `inline; filename="zdj_cie (1).png"; filename*=UTF-8''zdj%C4%99cie%20%281%29.png`,
    );
    expect(contentDisposition('attachment', 'a\\b";\r\nc')).toBe(
      `attachment; filename="a_b_;c"; filename*=UTF-8''a%5Cb%22%3Bc`,
    );
  });
});

describe('serving files', () => {
  it('serves with detected type, nosniff, sandbox CSP, private cache, ETag and ranges', async () => {
    const { alice } = await world();
    const { id } = (
      await createTicket(alice.client, {
        body: 'pliki',
        files: [
          { filename: 'a.png', data: await pngImage() },
          { filename: 'b.pdf', data: pdfFile() },
          { filename: 'c.txt', data: Buffer.from('0123456789') },
        ],
      })
    ).json();
    const [message] = (await alice.client.get(`/api/tickets/${id}/messages`)).json().messages;
    const [image, pdf, text] = message.files;

    const img = await alice.client.get(image.url);
    expect(img.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
      'accept-ranges': 'bytes',
    });
    expect(img.headers['content-disposition']).toMatch(/^inline; filename="a.png"/);
    const etag = img.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const cached = await alice.client.get(image.url, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');

    const doc = await alice.client.get(pdf.url);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="b.pdf"/);
    expect(doc.rawPayload.equals(pdfFile())).toBe(true);

    const part = await alice.client.get(text.url, { range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    expect(part.headers['content-type']).toBe('text/plain; charset=utf-8');
    const tail = await alice.client.get(text.url, { range: 'bytes=-3' });
    expect(tail.body).toBe('789');
    const outside = await alice.client.get(text.url, { range: 'bytes=50-60' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */10');
    const stale = await alice.client.get(text.url, { range: 'bytes=2-5', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe('0123456789');
  });

  it("answers 404 for another user's file, by url and thumbnail; admins may read it", async () => {
    const { app, alice, bob, admin } = await world();
    const { id } = (
      await createTicket(alice.client, { files: [{ filename: 'a.png', data: await pngImage() }] })
    ).json();
    const [message] = (await alice.client.get(`/api/tickets/${id}/messages`)).json().messages;
    const file = message.files[0];
    expect((await bob.client.get(file.url)).statusCode).toBe(404);
    expect((await bob.client.get(file.thumbnailUrl)).statusCode).toBe(404);
    expect((await admin.client.get(file.url)).statusCode).toBe(200);
    const { Client } = await import('../../../test/helpers');
    expect((await new Client(app).get(file.url)).statusCode).toBe(401);
    expect((await alice.client.get('/api/files/not-a-file')).statusCode).toBe(404);
    expect((await alice.client.get(`/api/files/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('parses byte ranges', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=5-2', 10)).toBe('invalid');
    expect(parseRange('bytes=0-1,3-4', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
  });
});

describe('a message and its files commit together', () => {
  it('leaves nothing behind when an upload is aborted halfway', async () => {
    const { app, alice } = await world();
    const base = await listen(app);
    const { payload, headers } = multipart([
      { name: 'body', value: 'przerwane' },
      { name: 'images', filename: 'a.txt', data: Buffer.alloc(2 * MiB, 'a') },
    ]);
    const cookie = [...alice.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/tickets HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    // Half the body, then the connection dies.
    await new Promise<void>((resolve) => socket.write(payload.subarray(0, MiB), () => resolve()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.destroy();
    await closed;
    // A later request on the same server is served after the aborted one was handled.
    const after = await createTicket(alice.client, { body: 'kolejne' });
    expect(after.statusCode).toBe(201);
    const counts = await storedCounts(app);
    expect(counts).toMatchObject({ tickets: 1, messages: 1, attachments: 0, files: 0 });
  });

  it('removes the files already written when the transaction fails halfway', async () => {
    const { app, alice } = await world();
    const { db } = app.deps;
    // A real database failure on the second attachment row (no mock involved).
    await db.execute(
      sql.raw(`create or replace function fail_on_boom() returns trigger as $$
        begin if new.filename = 'boom.png' then raise exception 'boom'; end if; return new; end
        $$ language plpgsql`),
    );
    await db.execute(
      sql.raw(
        'create trigger fail_on_boom before insert on ticket_attachments for each row execute function fail_on_boom()',
      ),
    );
    try {
      const png = await pngImage();
      const response = await createTicket(alice.client, {
        body: 'awaria',
        files: [
          { filename: 'ok.png', data: png },
          { filename: 'boom.png', data: png },
        ],
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'internal' });
      expect(await storedCounts(app)).toEqual(nothingStored);
    } finally {
      await db.execute(sql.raw('drop trigger fail_on_boom on ticket_attachments'));
      await db.execute(sql.raw('drop function fail_on_boom'));
    }
  });

  it('stores nothing when a file cannot be written before the transaction', async () => {
    const { app, alice } = await world();
    // A real disk failure: the temp folder's name is taken by a file, so no write can start.
    const tmp = path.join(app.deps.config.dataDir, 'uploads', '.tmp');
    fs.mkdirSync(path.dirname(tmp), { recursive: true });
    fs.writeFileSync(tmp, 'zajęte');
    const png = await pngImage();
    const response = await createTicket(alice.client, {
      body: 'dysk',
      files: [
        { filename: 'a.png', data: png },
        { filename: 'b.pdf', data: pdfFile() },
      ],
    });
    expect(response.statusCode).toBe(500);
    fs.rmSync(tmp);
    expect(await storedCounts(app)).toEqual(nothingStored);
    const retried = await createTicket(alice.client, {
      body: 'dysk',
      files: [{ filename: 'a.png', data: png }],
    });
    expect(retried.statusCode).toBe(201);
    // The image and its thumbnail.
    expect(await storedCounts(app)).toMatchObject({ tickets: 1, attachments: 1, files: 2 });
  });

  it('sweeps stray files (left by a crash) at start and keeps referenced ones', async () => {
    const { app, alice } = await world();
    await createTicket(alice.client, { files: [{ filename: 'a.pdf', data: pdfFile() }] });
    const [kept] = uploadedFiles(app);
    const uploads = path.join(app.deps.config.dataDir, 'uploads');
    const strayKey = crypto.randomUUID();
    fs.mkdirSync(path.join(uploads, strayKey.slice(0, 2)), { recursive: true });
    const stray = path.join(uploads, strayKey.slice(0, 2), strayKey);
    fs.writeFileSync(stray, 'bez wiadomości');
    fs.mkdirSync(path.join(uploads, '.tmp'), { recursive: true });
    fs.writeFileSync(path.join(uploads, '.tmp', 'x.part'), 'pół pliku');
    await app.close();

    const restarted = await ctx.app({ config: app.deps.config });
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(path.join(uploads, '.tmp'))).toBe(false);
    expect(uploadedFiles(restarted)).toEqual([kept]);
  });
});

describe('STORAGE=database', () => {
  it('keeps the bytes in the database, serves them and deletes them with the ticket', async () => {
    const { app, alice, admin } = await world({ STORAGE: 'database' });
    const png = await pngImage();
    const { id } = (
      await createTicket(alice.client, {
        files: [
          { filename: 'a.png', data: png },
          { filename: 'b.pdf', data: pdfFile() },
        ],
      })
    ).json();
    expect(uploadedFiles(app)).toEqual([]);
    expect((await storedCounts(app)).blobs).toBe(3);
    const [message] = (await alice.client.get(`/api/tickets/${id}/messages`)).json().messages;
    const pdf = await alice.client.get(message.files[1].url);
    expect(pdf.rawPayload.equals(pdfFile())).toBe(true);
    expect((await alice.client.get(message.files[0].thumbnailUrl)).statusCode).toBe(200);

    const tooMany = await createTicket(alice.client, {
      files: Array.from({ length: 6 }, (_, i) => ({ filename: `${i}.png`, data: png })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await storedCounts(app)).blobs).toBe(3);

    await admin.client.request('DELETE', `/api/tickets/${id}`);
    expect(await storedCounts(app)).toEqual(nothingStored);
  });
});
