import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createApiClient,
  isAbortError,
  NetworkError,
  parseContentDispositionFilename,
} from './api-client';

/*
 * `api.download` against a tiny real HTTP server (Node's own fetch), like
 * api-client.test.ts: no stubs between the client and the bytes.
 */

const ZIP_BYTES = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

let server: Server;
let baseUrl: string;
let lastHeaders: Record<string, string | string[] | undefined> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    switch (req.url) {
      case '/export':
        res.writeHead(200, {
          'Content-Type': 'application/zip',
          'Content-Disposition': 'attachment; filename="moje-dane-2026-11-23.zip"',
        });
        return res.end(ZIP_BYTES);
      case '/unnamed':
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        return res.end('abc');
      case '/throttled':
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '60' });
        return res.end(JSON.stringify({ error: 'rate_limited' }));
      case '/html-error':
        res.writeHead(502, { 'Content-Type': 'text/html' });
        return res.end('<h1>Bad gateway</h1>');
      case '/cut':
        // Headers and part of the body, then the connection dies mid-download.
        res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': '1000' });
        res.write(Buffer.alloc(10));
        setImmediate(() => req.socket.destroy());
        return;
      case '/slow':
        return;
      default:
        res.writeHead(404, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ error: 'not_found' }));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('api.download', () => {
  it('returns the bytes as a Blob with the name from Content-Disposition', async () => {
    const file = await createApiClient({ baseUrl }).download('/export');
    expect(file.filename).toBe('moje-dane-2026-11-23.zip');
    expect(file.blob.type).toBe('application/zip');
    expect(Buffer.from(await file.blob.arrayBuffer())).toEqual(ZIP_BYTES);
    expect(lastHeaders.accept).toBe('*/*');
  });

  it('gives a null name when the server sends none', async () => {
    const file = await createApiClient({ baseUrl }).download('/unnamed');
    expect(file.filename).toBeNull();
    expect(await file.blob.text()).toBe('abc');
  });

  it('throws ApiError from an {"error": code} answer, with Retry-After', async () => {
    const error = await createApiClient({ baseUrl })
      .download('/throttled')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 60 });
  });

  it('gives code "unknown" when the error body is not our JSON', async () => {
    const error = await createApiClient({ baseUrl })
      .download('/html-error')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'unknown' });
  });

  it('throws NetworkError when nothing answers or the body is cut off', async () => {
    await expect(
      createApiClient({ baseUrl: 'http://127.0.0.1:1' }).download('/export'),
    ).rejects.toBeInstanceOf(NetworkError);
    await expect(createApiClient({ baseUrl }).download('/cut')).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('rethrows an abort as an AbortError', async () => {
    const controller = new AbortController();
    const pending = createApiClient({ baseUrl }).download('/slow', { signal: controller.signal });
    controller.abort();
    expect(isAbortError(await pending.catch((e: unknown) => e))).toBe(true);
  });
});

describe('parseContentDispositionFilename', () => {
  it('reads quoted, bare and RFC 5987 names, preferring filename*', () => {
    expect(parseContentDispositionFilename('attachment; filename="a b.zip"')).toBe('a b.zip');
    expect(parseContentDispositionFilename('attachment; filename=dane.zip')).toBe('dane.zip');
    expect(parseContentDispositionFilename('attachment; filename="a\\"b.zip"')).toBe('a"b.zip');
    expect(
      parseContentDispositionFilename(
        'attachment; filename="dane.zip"; filename*=UTF-8\'\'moje%20dane-%C5%BC%C3%B3%C5%82w.zip',
      ),
    ).toBe('moje dane-żółw.zip');
  });

  it('drops directory parts and gives null for nothing usable', () => {
    expect(parseContentDispositionFilename('attachment; filename="../../etc/passwd"')).toBe(
      'passwd',
    );
    expect(parseContentDispositionFilename('attachment; filename="C:\\\\x\\\\y.zip"')).toBe(
      'y.zip',
    );
    expect(parseContentDispositionFilename("attachment; filename*=UTF-8''%E0%A4%A")).toBeNull();
    expect(parseContentDispositionFilename('attachment')).toBeNull();
    expect(parseContentDispositionFilename(null)).toBeNull();
    expect(parseContentDispositionFilename('attachment; filename=""')).toBeNull();
  });
});
