import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app';
import { createTestContext, ORIGIN, testConfig } from './helpers';
import { listen, openStream, quickUser } from './tickets-helpers';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  reqId?: string;
  msg?: string;
  url?: string;
  status?: number;
  ms?: number;
}

/** An app whose log lines are kept, with the server's real logger options. */
async function appWithLog(env: Record<string, string> = {}) {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const config = testConfig({ SMTP_URL: ctx.mail.url, LOG_LEVEL: 'info', ...env });
  const app = await ctx.app({ config, loggerInstance: pino(loggerOptions(config), sink) });
  /** The id of the one "request completed" line for that URL. */
  const loggedId = (url: string) => {
    const found = lines.filter((l) => l.msg === 'request completed' && l.url === url);
    expect(found).toHaveLength(1);
    expect(found[0]?.ms).toBeGreaterThanOrEqual(0);
    return found[0]?.reqId;
  };
  return { app, loggedId };
}

function idOf(response: LightMyRequestResponse | { headers: Record<string, unknown> }) {
  const id = response.headers['x-request-id'];
  expect(id).toMatch(UUID);
  return id;
}

async function expectLoggedAs(
  app: FastifyInstance,
  loggedId: (url: string) => string | undefined,
  request: {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  },
  status: number,
) {
  const response = await app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  expect(response.statusCode).toBe(status);
  expect(idOf(response)).toBe(loggedId(request.url));
  return response;
}

describe('x-request-id', () => {
  it('is on JSON, static, 404 and error answers, and is the reqId of their log line', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-web-'));
    fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg/>');
    fs.writeFileSync(path.join(webDir, '404.html'), '<h1>404</h1>');
    const { app, loggedId } = await appWithLog({ WEB_DIR: webDir });
    await expectLoggedAs(app, loggedId, { url: '/api/health' }, 200);
    await expectLoggedAs(app, loggedId, { url: '/favicon.svg' }, 200);
    await expectLoggedAs(app, loggedId, { url: '/api/nie-ma' }, 404);
    await expectLoggedAs(app, loggedId, { url: '/nie-ma-strony' }, 404);
    await expectLoggedAs(app, loggedId, { url: '/api/tickets' }, 401);
    const json = { origin: ORIGIN, 'content-type': 'application/json' };
    const broken = { url: '/api/auth/login', method: 'POST' as const, headers: json, body: '{' };
    await expectLoggedAs(app, loggedId, broken, 400);
    const text = { origin: ORIGIN, 'content-type': 'text/plain' };
    const form = { url: '/api/auth/register', method: 'POST' as const, headers: text, body: 'x' };
    await expectLoggedAs(app, loggedId, form, 415);
  });

  it('is on what Fastify refuses before routing (a path that does not decode), logged too', async () => {
    const { app, loggedId } = await appWithLog();
    const response = await expectLoggedAs(app, loggedId, { url: '/api/%zz' }, 400);
    expect(response.json()).toEqual({ error: 'validation_failed' });
  });

  it('is a new id for every request', async () => {
    const app = await ctx.app();
    const first = await app.inject({ url: '/api/health' });
    const second = await app.inject({ url: '/api/health' });
    expect(idOf(first)).not.toBe(idOf(second));
  });

  it('is generated, never taken from the client', async () => {
    const { app, loggedId } = await appWithLog();
    const chosen = '00000000-0000-4000-8000-000000000000';
    const response = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': chosen, 'request-id': chosen },
    });
    expect(idOf(response)).not.toBe(chosen);
    expect(idOf(response)).toBe(loggedId('/api/health'));
  });

  it('is on live streams too, whose answer bypasses the reply', async () => {
    const app = await ctx.app();
    const base = await listen(app);
    const alice = await quickUser(app, { username: 'Alicja' });
    const stream = await openStream(base, '/api/stream/tickets', alice.client);
    try {
      expect(stream.status).toBe(200);
      expect(idOf(stream)).toMatch(UUID);
    } finally {
      stream.close();
    }
  });
});
