import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { Client, createTestContext, ORIGIN, tempDir } from './helpers';

/**
 * Security review 2026-11, finding 15: the dev outbox lists every code and
 * reset link, so it must answer only a browser on the developer's machine.
 */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const opened: FastifyInstance[] = [];
afterAll(() => Promise.all(opened.map((app) => app.close())));

/** A server without SMTP, as `HOST=0.0.0.0 npm start` runs it: NODE_ENV unset. */
async function devServer(env: Record<string, string> = {}) {
  const dataDir = tempDir('outbox');
  const config = loadConfig({
    HOST: '0.0.0.0',
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  expect(config.env).toBe('development');
  const app = await buildApp({ config, database: ctx.database, scheduleRetention: false });
  opened.push(app);
  // A victim's reset link now waits in the outbox.
  const sent = await new Client(app, { origin: config.publicOrigin }).post('/api/auth/register', {
    username: 'ofiara',
    email: 'ofiara@example.com',
    password: 'Sekretne-Haslo-42',
  });
  expect(sent.statusCode).toBe(200);
  return { app, dataDir };
}

const outbox = (
  app: FastifyInstance,
  options: { remoteAddress?: string; host?: string; forwardedFor?: string } = {},
) =>
  app.inject({
    url: '/dev/outbox.json',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: {
      host: options.host ?? 'localhost:3000',
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
  });

describe('dev outbox exposure', () => {
  it('answers 404 to a client on another machine, with NODE_ENV unset and HOST=0.0.0.0', async () => {
    const { app } = await devServer();
    const remote = await outbox(app, { remoteAddress: '192.0.2.77', host: 'localhost:3000' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ error: 'not_found' });
    expect(remote.body).not.toMatch(/\d{6}/);
    const page = await app.inject({
      url: '/dev/outbox',
      remoteAddress: '192.0.2.77',
      headers: { host: 'localhost:3000' },
    });
    expect(page.statusCode).toBe(404);
  });

  it('answers 404 to a DNS-rebinding page: loopback peer, foreign Host header', async () => {
    const { app } = await devServer();
    const rebound = await outbox(app, { host: 'evil.example:3000' });
    expect(rebound.statusCode).toBe(404);
  });

  it('answers 404 through a local reverse proxy that forwards a remote client', async () => {
    const { app } = await devServer({ TRUST_PROXY: '1' });
    const proxied = await outbox(app, { forwardedFor: '198.51.100.20' });
    expect(proxied.statusCode).toBe(404);
  });

  it('still serves the developer: loopback peer with a loopback or PUBLIC_URL Host', async () => {
    const { app } = await devServer({ PUBLIC_URL: 'http://studio.test:3000' });
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'studio.test:3000']) {
      const local = await outbox(app, { host });
      expect(local.statusCode, host).toBe(200);
      expect(local.json().messages[0].to).toBe('ofiara@example.com');
    }
    expect((await outbox(app, { remoteAddress: '::1', host: 'localhost' })).statusCode).toBe(200);
  });

  it('keeps outbox files readable by the owner only (0600 in a 0700 folder)', async () => {
    const { dataDir } = await devServer();
    const dir = path.join(dataDir, 'outbox');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const [name] = fs.readdirSync(dir);
    expect(fs.statSync(path.join(dir, name as string)).mode & 0o777).toBe(0o600);
  });
});
