import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCapture, startMailCapture } from './helpers';
import {
  Browser,
  type Instance,
  openSse,
  redisAvailable,
  register,
  startInstances,
  startRedis,
  stopInstance,
} from './process-helpers';

/**
 * Two real server processes on one PostgreSQL and one Redis, as behind a load
 * balancer. Runs where PostgreSQL is given (CI starts it) and redis-server is
 * installed; it starts a private Redis so no counter of another test leaks in.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl || !redisAvailable())('two instances on PostgreSQL and Redis', () => {
  let a: Instance;
  let b: Instance;
  let mail: MailCapture;
  let dbName: string;
  let redis: Awaited<ReturnType<typeof startRedis>>;

  beforeAll(async () => {
    mail = await startMailCapture();
    redis = await startRedis();
    dbName = `scale_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redis.url,
      STORAGE: 'database',
      SMTP_URL: mail.url,
      ADMIN_EMAILS: 'szef@example.com',
      NODE_ENV: 'test',
    };
    // Both start at once on an empty database: the migration lock lets one migrate.
    [a, b] = (await startInstances(2, env)) as [Instance, Instance];
  });

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await mail?.close();
    redis?.stop();
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

  it('a session ended through the sessions list or a password change is refused at once by the other instance', async () => {
    const owner = new Browser();
    await register(owner, a, mail, { username: 'ula', email: 'ula@example.com' });
    const laptop = new Browser();
    const signIn = (browser: Browser) =>
      browser.call(b, 'POST', '/api/auth/login', {
        identifier: 'ula',
        password: 'Sekretne-Haslo-42',
      });
    expect((await signIn(laptop)).status).toBe(200);
    // Read on b, so b's session cache holds it when a ends it.
    expect((await laptop.call(b, 'GET', '/api/auth/me')).status).toBe(200);
    const listed = (await (await owner.call(a, 'GET', '/api/profile/sessions')).json()) as {
      sessions: Array<{ id: number; current: boolean }>;
    };
    const other = listed.sessions.find((s) => !s.current);
    expect(listed.sessions).toHaveLength(2);
    const ended = await owner.call(a, 'DELETE', `/api/profile/sessions/${other?.id}`);
    expect(ended.status).toBe(200);
    expect((await laptop.call(b, 'GET', '/api/auth/me')).status).toBe(401);

    expect((await signIn(laptop)).status).toBe(200);
    expect((await laptop.call(b, 'GET', '/api/auth/me')).status).toBe(200);
    const changed = await owner.call(a, 'POST', '/api/profile/password', {
      current_password: 'Sekretne-Haslo-42',
      new_password: 'Zupelnie-Nowe-Haslo-7',
    });
    expect(changed.status).toBe(200);
    expect((await laptop.call(b, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await owner.call(b, 'GET', '/api/auth/me')).status).toBe(200);
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

    const listStream = await openSse(b, staff, '/api/stream/tickets');
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

    const threadStream = await openSse(a, customer, `/api/stream/tickets/${id}/messages`);
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
