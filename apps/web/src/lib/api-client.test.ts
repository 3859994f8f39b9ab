import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createApiClient,
  isAbortError,
  NetworkError,
  parseRetryAfter,
} from './api-client';

/*
 * No stubs: the client talks to a tiny real HTTP server. fetch is Node's own;
 * XMLHttpRequest is jsdom's, which performs real requests (and enforces CORS
 * against the test document's origin, hence the CORS headers below).
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let last: Seen | undefined;

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept, X-Test');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE');
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(body);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      last = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      switch (req.url) {
        case '/ok':
          return send(res, 200, JSON.stringify({ ok: true, echo: last.body }));
        case '/empty':
          res.writeHead(204);
          return res.end();
        case '/taken':
          return send(res, 409, JSON.stringify({ error: 'duplicate' }));
        case '/invalid':
          return send(
            res,
            400,
            JSON.stringify({ error: 'validation_failed', details: [{ path: 'email' }] }),
          );
        case '/session-gone':
          return send(res, 401, JSON.stringify({ error: 'unauthorized' }));
        case '/wrong-password':
          return send(res, 401, JSON.stringify({ error: 'invalid_credentials' }));
        case '/throttled':
          return send(res, 429, JSON.stringify({ error: 'rate_limited' }), { 'Retry-After': '42' });
        case '/html-error':
          res.writeHead(502, { 'Content-Type': 'text/html' });
          return res.end('<h1>Bad gateway</h1>');
        case '/drop':
          // Closes the connection without an answer: what a network failure looks like.
          return req.socket.destroy();
        case '/upload':
          return send(
            res,
            201,
            JSON.stringify({
              id: 7,
              contentType: req.headers['content-type'],
              bytes: Buffer.concat(chunks).length,
            }),
          );
        case '/upload-too-big':
          return send(res, 413, JSON.stringify({ error: 'file_too_large' }));
        case '/slow':
          // Never answers by itself; the test aborts it.
          return;
        default:
          return send(res, 404, JSON.stringify({ error: 'not_found' }));
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

describe('api client (fetch)', () => {
  it('sends JSON bodies with a JSON content type and returns the parsed answer', async () => {
    const api = createApiClient({ baseUrl });
    const result = await api.post<{ ok: boolean; echo: string }>('/ok', { a: 1 });
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.echo)).toEqual({ a: 1 });
    expect(last?.method).toBe('POST');
    expect(last?.headers['content-type']).toBe('application/json');
  });

  it('sends no body and no content type on a GET or a bodiless POST', async () => {
    const api = createApiClient({ baseUrl });
    await api.get('/ok');
    expect(last?.method).toBe('GET');
    expect(last?.headers['content-type']).toBeUndefined();
    await api.post('/ok');
    expect(last?.body).toBe('');
    expect(last?.headers['content-type']).toBeUndefined();
  });

  it('uses PATCH and DELETE and passes extra headers', async () => {
    const api = createApiClient({ baseUrl });
    await api.patch('/ok', { status: 'closed' }, { headers: { 'X-Test': 'yes' } });
    expect(last?.method).toBe('PATCH');
    expect(last?.headers['x-test']).toBe('yes');
    await api.delete('/ok');
    expect(last?.method).toBe('DELETE');
    expect(last?.body).toBe('');
  });

  it('sends a JSON body with a DELETE that names what it removes', async () => {
    const api = createApiClient({ baseUrl });
    await api.delete('/ok', { json: { endpoint: 'https://push.example/1' } });
    expect(last?.method).toBe('DELETE');
    expect(last?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last?.body ?? '')).toEqual({ endpoint: 'https://push.example/1' });
  });

  it('returns undefined for an empty answer', async () => {
    await expect(createApiClient({ baseUrl }).post('/empty')).resolves.toBeUndefined();
  });

  it('throws ApiError with status and code from an {"error": code} body', async () => {
    const error = await createApiClient({ baseUrl })
      .post('/taken', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'duplicate' });
  });

  it('keeps validation details', async () => {
    const error = await createApiClient({ baseUrl })
      .post('/invalid', {})
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'validation_failed', details: [{ path: 'email' }] });
  });

  it('reads Retry-After on 429', async () => {
    const error = await createApiClient({ baseUrl })
      .post('/throttled', {})
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 42 });
  });

  it('gives code "unknown" when the error body is not our JSON', async () => {
    const error = await createApiClient({ baseUrl })
      .get('/html-error')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'unknown' });
  });

  it('throws NetworkError when the connection fails', async () => {
    const api = createApiClient({ baseUrl });
    await expect(api.get('/drop')).rejects.toBeInstanceOf(NetworkError);
    // Nothing listens on port 1.
    await expect(
      createApiClient({ baseUrl: 'http://127.0.0.1:1' }).get('/ok'),
    ).rejects.toBeInstanceOf(NetworkError);
  });

  it('rethrows an abort as an AbortError, not a network failure', async () => {
    const controller = new AbortController();
    const pending = createApiClient({ baseUrl }).get('/slow', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
  });
});

describe('api client (upload through XMLHttpRequest)', () => {
  it('posts multipart form data, reports progress and returns the answer', async () => {
    const api = createApiClient({ baseUrl });
    const form = new FormData();
    form.append('body', 'Cześć');
    form.append('images', new Blob([new Uint8Array(64 * 1024)], { type: 'image/png' }), 'a.png');
    const progress: Array<number | null> = [];
    const result = await api.upload<{ id: number; contentType: string; bytes: number }>(
      '/upload',
      form,
      { onProgress: (p) => progress.push(p.fraction) },
    );
    expect(result.id).toBe(7);
    expect(result.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(result.bytes).toBeGreaterThan(64 * 1024);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
  });

  it('throws ApiError from an error answer', async () => {
    const error = await createApiClient({ baseUrl })
      .upload('/upload-too-big', new FormData())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'file_too_large' });
  });

  it('throws NetworkError when nothing answers', async () => {
    await expect(
      createApiClient({ baseUrl: 'http://127.0.0.1:1' }).upload('/upload', new FormData()),
    ).rejects.toBeInstanceOf(NetworkError);
  });

  it('aborts through the signal', async () => {
    const controller = new AbortController();
    const pending = createApiClient({ baseUrl }).upload('/slow', new FormData(), {
      signal: controller.signal,
    });
    controller.abort();
    expect(isAbortError(await pending.catch((e: unknown) => e))).toBe(true);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10);
  });
});

describe('a session the server no longer knows (issue 28)', () => {
  it('tells the listener of every 401 unauthorized, by path, for fetch and uploads', async () => {
    const seen: string[] = [];
    const api = createApiClient({ baseUrl, onUnauthorized: (path) => seen.push(path) });
    await expect(api.get('/session-gone')).rejects.toMatchObject({ status: 401 });
    await expect(api.upload('/session-gone', new FormData())).rejects.toMatchObject({
      code: 'unauthorized',
    });
    await expect(api.download('/session-gone')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual(['/session-gone', '/session-gone', '/session-gone']);
  });

  it('a wrong password at login (401 invalid_credentials) and other errors are not a lost session', async () => {
    const seen: string[] = [];
    const api = createApiClient({ baseUrl, onUnauthorized: (path) => seen.push(path) });
    await expect(api.post('/wrong-password', {})).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    await expect(api.get('/taken')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([]);
  });
});
