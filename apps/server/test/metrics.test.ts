import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { TestClock } from '../src/lib/clock';
import type { Mailer, MailMessage } from '../src/mail/transport';
import { createTestContext } from './helpers';
import { createTicket, listen, openStream, postMessage, quickUser } from './tickets-helpers';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const MINUTE = 60_000;

function metricsUrl(app: FastifyInstance): string {
  const server = app.metricsServer;
  if (!server) throw new Error('metrics are off');
  return `http://127.0.0.1:${server.address.port}/metrics`;
}

async function scrape(app: FastifyInstance): Promise<string> {
  const response = await fetch(metricsUrl(app));
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one sample line, e.g. `studio_mails_sent_total` or `x{state="idle"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('METRICS_PORT', () => {
  it('unset: no metrics listener, and the public port has no /metrics', async () => {
    const app = await ctx.app();
    expect(app.metricsServer).toBeNull();
    const response = await app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('studio_');
  });

  it('serves the Prometheus text on its own port, bound to HOST, and never on the public port', async () => {
    const app = await ctx.app({ env: { METRICS_PORT: '0', HOST: '127.0.0.1' } });
    const base = await listen(app);
    expect(app.metricsServer?.address.address).toBe('127.0.0.1');
    expect(base).not.toContain(`:${app.metricsServer?.address.port}`);

    const scraped = await fetch(metricsUrl(app));
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();
    for (const name of [
      'studio_http_request_duration_seconds',
      'studio_stream_connections_open',
      'studio_outbox_jobs_waiting',
      'studio_outbox_job_failures_total',
      'studio_mails_sent_total',
      'studio_mails_failed_total',
      'process_resident_memory_bytes',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }

    const publicMetrics = await fetch(`${base}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('studio_');
    // The metrics port serves that one path and nothing else.
    const other = await fetch(metricsUrl(app).replace('/metrics', '/api/health'));
    expect(other.status).toBe(404);
    const posted = await fetch(metricsUrl(app), { method: 'POST' });
    expect(posted.status).toBe(404);
  });

  it('is closed with the app', async () => {
    const app = await ctx.app({ env: { METRICS_PORT: '0' } });
    const url = metricsUrl(app);
    await app.close();
    await expect(fetch(url)).rejects.toThrow();
  });

  it('must be a port other than PORT', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      'Invalid METRICS_PORT: must differ from PORT',
    );
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow(/^Invalid METRICS_PORT/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(loadConfig({}).metricsPort).toBeUndefined();
  });
});

describe('what the metrics count', () => {
  it('times requests by route pattern and status, never by raw URL', async () => {
    const app = await ctx.app({ env: { METRICS_PORT: '0' } });
    await app.inject({ url: '/api/tickets/123/messages' });
    await app.inject({ url: '/api/tickets/456/messages' });
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/nie-ma-takiej-sciezki' });
    const text = await scrape(app);
    const series = 'studio_http_request_duration_seconds_count';
    expect(
      sample(text, `${series}{method="GET",route="/api/tickets/:id/messages",status="401"}`),
    ).toBe(2);
    expect(sample(text, `${series}{method="GET",route="/api/health",status="200"}`)).toBe(1);
    expect(sample(text, `${series}{method="GET",route="unmatched",status="404"}`)).toBe(1);
    expect(text).not.toContain('/api/tickets/123');
    expect(text).not.toContain('nie-ma-takiej-sciezki');
  });

  it('counts open live streams', async () => {
    const app = await ctx.app({ env: { METRICS_PORT: '0' } });
    const base = await listen(app);
    const alice = await quickUser(app, { username: 'Alicja' });
    expect(sample(await scrape(app), 'studio_stream_connections_open')).toBe(0);
    const first = await openStream(base, '/api/stream/tickets', alice.client);
    const second = await openStream(base, '/api/stream/tickets', alice.client);
    expect(sample(await scrape(app), 'studio_stream_connections_open')).toBe(2);
    first.close();
    second.close();
    // The server sees the sockets close a moment later.
    for (let i = 0; i < 50; i++) {
      if (sample(await scrape(app), 'studio_stream_connections_open') === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sample(await scrape(app), 'studio_stream_connections_open')).toBe(0);
  });

  it('counts waiting outbox jobs, failed runs, and mails sent and failed', async () => {
    // A mail server that refuses the first message, then takes every one.
    let refusals = 1;
    const delivered: MailMessage[] = [];
    const mailer: Mailer = {
      async send(message) {
        if (refusals-- > 0) throw new Error('451 Spróbuj później');
        delivered.push(message);
      },
      close: () => {},
    };
    const clock = new TestClock();
    const app = await ctx.app({ clock, mailer, env: { METRICS_PORT: '0' } });
    const alice = await quickUser(app, { username: 'Alicja' });
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await admin.client.get(`/api/tickets/${id}/messages`);
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    let text = await scrape(app);
    // One for the admins (the new ticket; they read it, so it ends without a mail), one for Alicja.
    expect(sample(text, 'studio_outbox_jobs_waiting')).toBe(2);
    expect(sample(text, 'studio_mails_sent_total')).toBe(0);

    clock.advance(3 * MINUTE);
    await app.jobs.runDue();
    text = await scrape(app);
    expect(sample(text, 'studio_mails_failed_total')).toBe(1);
    expect(sample(text, 'studio_outbox_job_failures_total{outcome="retry"}')).toBe(1);
    expect(sample(text, 'studio_outbox_job_failures_total{outcome="dropped"}')).toBe(0);
    expect(sample(text, 'studio_outbox_jobs_waiting')).toBe(1);

    clock.advance(MINUTE);
    await app.jobs.runDue();
    expect(delivered).toHaveLength(1);
    text = await scrape(app);
    expect(sample(text, 'studio_mails_sent_total')).toBe(1);
    expect(sample(text, 'studio_mails_failed_total')).toBe(1);
    expect(sample(text, 'studio_outbox_jobs_waiting')).toBe(0);
  });

  it('reports the PostgreSQL pool, and no pool for the embedded database', async () => {
    const app = await ctx.app({ env: { METRICS_PORT: '0' } });
    await app.inject({ url: '/api/health' });
    const text = await scrape(app);
    if (ctx.database.kind === 'postgres') {
      expect(sample(text, 'studio_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(text, 'studio_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      // The outbox gauge queries at the same scrape, so a caller may be waiting for a connection.
      expect(sample(text, 'studio_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('studio_db_pool_connections');
    }
  });
});
