import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, type MailCapture, startMailCapture } from './helpers';

/**
 * Two real server processes on one PostgreSQL and one Redis, as behind a load
 * balancer. Runs where both are given (CI starts them); skipped otherwise.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const PUBLIC = 'http://studio.test';

interface Instance {
  base: string;
  process: ChildProcess;
  output: string[];
}

/** A cookie jar that talks to whichever instance it is told to, like a browser behind a balancer. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async call(instance: Instance, method: string, url: string, body?: unknown | FormData) {
    const headers: Record<string, string> = {
      origin: PUBLIC,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(instance.base + url, { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = 30000 + Math.floor(Math.random() * 20000);
  const tsx = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
  const child = spawn(tsx, [path.resolve(__dirname, '../src/main.ts')], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  return { base: `http://127.0.0.1:${port}`, process: child, output };
}

async function waitHealthy(instance: Instance) {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${instance.base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (instance.process.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance did not start:\n${instance.output.join('')}`);
}

/** Reads server-sent events from a stream until `match` sees one it wants. */
async function openStream(instance: Instance, browser: Browser, url: string) {
  const controller = new AbortController();
  const response = await fetch(instance.base + url, {
    headers: { cookie: browser.cookieHeader(), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(event: string, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          if (block.split('\n').includes(`event: ${event}`)) {
            return block;
          }
        }
        if (Date.now() > deadline) throw new Error(`no ${event} event`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ]);
        if (chunk === null) continue;
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

async function register(
  browser: Browser,
  instance: Instance,
  mail: MailCapture,
  user: { username: string; email: string },
) {
  const body = { ...user, password: 'Sekretne-Haslo-42' };
  expect((await browser.call(instance, 'POST', '/api/auth/register', body)).status).toBe(200);
  const code = codeFrom(await mail.last(user.email));
  const verified = await browser.call(instance, 'POST', '/api/auth/verify-email', {
    ...body,
    code,
  });
  expect(verified.status).toBe(200);
}

describe.skipIf(!adminUrl || !redisUrl)('two instances on PostgreSQL and Redis', () => {
  let a: Instance;
  let b: Instance;
  let mail: MailCapture;
  let dbName: string;

  beforeAll(async () => {
    mail = await startMailCapture();
    dbName = `scale_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl as string,
      STORAGE: 'database',
      PUBLIC_URL: PUBLIC,
      SMTP_URL: mail.url,
      ADMIN_EMAILS: 'szef@example.com',
      NODE_ENV: 'test',
    };
    // Both start at once on an empty database: the migration lock lets one migrate.
    a = await startInstance(env);
    b = await startInstance(env);
    await Promise.all([waitHealthy(a), waitHealthy(b)]);
  });

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue;
      instance.process.kill('SIGTERM');
      await new Promise((resolve) => instance.process.once('exit', resolve));
    }
    await mail?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('migrated once when both started together', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const journal = await import('../drizzle/meta/_journal.json');
    expect((rows[0] as { n: number }).n).toBe(journal.entries.length);
    await db.end();
    await admin.end();
  });

  it('a session made on one instance works on the other, and logout on one ends it on both', async () => {
    const browser = new Browser();
    await register(browser, a, mail, { username: 'jola', email: 'jola@example.com' });
    const me = await browser.call(b, 'GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe('jola');
    expect((await browser.call(b, 'POST', '/api/auth/logout')).status).toBe(200);
    expect((await browser.call(a, 'GET', '/api/auth/me')).status).toBe(401);
  });

  it('failed-login counters are shared by both instances', async () => {
    const browser = new Browser();
    await register(browser, a, mail, { username: 'kuba', email: 'kuba@example.com' });
    for (let i = 0; i < 10; i++) {
      const r = await new Browser().call(i % 2 ? a : b, 'POST', '/api/auth/login', {
        identifier: 'kuba',
        password: 'zle-haslo-123',
      });
      expect(r.status).toBe(401);
    }
    for (const instance of [a, b]) {
      const blocked = await new Browser().call(instance, 'POST', '/api/auth/login', {
        identifier: 'kuba',
        password: 'Sekretne-Haslo-42',
      });
      expect(blocked.status).toBe(429);
    }
  });

  it('a message posted through one reaches a live stream held by the other, and its file is readable from either', async () => {
    const customer = new Browser();
    await register(customer, a, mail, { username: 'lena', email: 'lena@example.com' });
    const staff = new Browser();
    await register(staff, b, mail, { username: 'szef', email: 'szef@example.com' });

    const listStream = await openStream(b, staff, '/api/stream/tickets');
    const form = new FormData();
    form.set('body', 'Nie działa logowanie');
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3366ff' },
    })
      .png()
      .toBuffer();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ekran.png');
    const created = await customer.call(a, 'POST', '/api/tickets', form);
    expect(created.status).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };
    expect(await listStream.next('ticket')).toContain(String(id));

    const threadStream = await openStream(a, customer, `/api/stream/tickets/${id}/messages`);
    const reply = new FormData();
    reply.set('body', 'Już sprawdzamy.');
    expect((await staff.call(b, 'POST', `/api/tickets/${id}/messages`, reply)).status).toBeLessThan(
      300,
    );
    expect(await threadStream.next('message')).toBeTruthy();
    listStream.close();
    threadStream.close();

    const thread = (await (
      await customer.call(b, 'GET', `/api/tickets/${id}/messages`)
    ).json()) as {
      messages: Array<{ files: Array<{ url: string; size: number }> }>;
    };
    const file = thread.messages[0]?.files[0] as { url: string; size: number };
    for (const [who, instance] of [
      [customer, a],
      [customer, b],
      [staff, a],
    ] as const) {
      const download = await who.call(instance, 'GET', file.url);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect((await download.arrayBuffer()).byteLength).toBe(file.size);
    }
  });
});
