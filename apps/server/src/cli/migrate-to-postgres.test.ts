import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  type MailCapture,
  registerUser,
  startMailCapture,
  tempDir,
  testConfig,
} from '../../test/helpers';
import { createTicket, pdfFile, pngImage, postMessage } from '../../test/tickets-helpers';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import { MigrationMismatch, MigrationRefused, migrateToPostgres } from './migrate-to-postgres';
import { firstTableWithRows } from './migrate-to-postgres-tables';

/**
 * An embedded installation seeded through the API, moved to a real PostgreSQL
 * and served from there. Runs where PostgreSQL is given (TEST_DATABASE_URL).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const SERVER_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

interface Seen {
  tickets: unknown;
  threads: Map<number, unknown>;
  files: Map<string, Buffer>;
}

describe.skipIf(!adminUrl)('migrate-to-postgres', () => {
  let mail: MailCapture;
  let dataDir: string;
  let cookies: Map<string, string>;
  let seen: Seen;
  const databases: string[] = [];

  async function newDatabase(): Promise<string> {
    const name = `migrate_${process.pid}_${databases.length}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databases.push(name);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function seeWhatIsServed(app: FastifyInstance): Promise<Seen> {
    const client = new Client(app);
    for (const [name, value] of cookies) client.cookies.set(name, value);
    const listed = await client.get('/api/tickets');
    expect(listed.statusCode).toBe(200);
    const tickets = listed.json().tickets as { id: number }[];
    const threads = new Map<number, unknown>();
    const files = new Map<string, Buffer>();
    for (const ticket of tickets) {
      const messages = (await client.get(`/api/tickets/${ticket.id}/messages`)).json().messages;
      threads.set(ticket.id, messages);
      for (const message of messages as { files: { url: string; thumbnailUrl?: string }[] }[]) {
        for (const file of message.files) {
          for (const url of [file.url, file.thumbnailUrl].filter((u): u is string => !!u)) {
            const download = await client.get(url);
            expect(download.statusCode, url).toBe(200);
            files.set(url, download.rawPayload);
          }
        }
      }
    }
    return { tickets, threads, files };
  }

  async function serveFrom(env: Record<string, string>) {
    return buildApp({ config: testConfig({ SMTP_URL: mail.url, ...env }) });
  }

  beforeAll(async () => {
    mail = await startMailCapture();
    dataDir = tempDir('migrate');
    const app = await serveFrom({ DATA_DIR: dataDir });
    const kasia = await registerUser(app, mail, { username: 'kasia', email: 'kasia@example.com' });
    const ola = await registerUser(app, mail, { username: 'ola', email: 'ola@example.com' });
    const first = await createTicket(kasia.client, {
      body: 'Zrzut ekranu i faktura w załączniku',
      files: [
        { filename: 'ekran.png', data: await pngImage(), type: 'image/png' },
        { filename: 'faktura.pdf', data: pdfFile(), type: 'application/pdf' },
      ],
    });
    expect(first.statusCode).toBe(201);
    await postMessage(kasia.client, first.json().id, { body: 'Druga wiadomość — zażółć gęślą' });
    expect((await createTicket(ola.client, { body: 'Pytanie od Oli' })).statusCode).toBe(201);
    cookies = new Map(kasia.client.cookies);
    seen = await seeWhatIsServed(app);
    expect(seen.files.size).toBe(3); // the image, its thumbnail and the PDF
    await app.close();
  });

  afterAll(async () => {
    await mail?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('copies every table and file; the PostgreSQL server serves the same tickets, messages and bytes', async () => {
    const url = await newDatabase();
    const summary = await migrateToPostgres({ dataDir, targetUrl: url, storage: 'local' });
    const rows = Object.fromEntries(summary.tables.map((t) => [t.name, t.rows]));
    expect(rows).toMatchObject({ users: 2, tickets: 2, ticket_messages: 3, ticket_attachments: 2 });
    expect(rows.sessions).toBeGreaterThanOrEqual(2);
    expect(summary.files).toBe(3);

    const app = await serveFrom({ DATA_DIR: dataDir, DATABASE_URL: url, STORAGE: 'local' });
    try {
      const served = await seeWhatIsServed(app);
      expect(served.tickets).toEqual(seen.tickets);
      expect(served.threads).toEqual(seen.threads);
      expect(served.files).toEqual(seen.files);
      // Passwords came along, and the sequences are past the copied ids.
      const again = new Client(app);
      const login = await again.post('/api/auth/login', {
        identifier: 'ola',
        password: 'Sekretne-Haslo-42',
      });
      expect(login.statusCode).toBe(200);
      const created = await createTicket(again, { body: 'Pierwsze zgłoszenie po przeprowadzce' });
      expect(created.statusCode).toBe(201);
      const ids = (seen.tickets as { id: number }[]).map((t) => t.id);
      expect(created.json().id).toBeGreaterThan(Math.max(...ids));
    } finally {
      await app.close();
    }
  });

  it('refuses a second run into the now non-empty database, writing nothing, with a non-zero exit', async () => {
    const url = await newDatabase();
    await migrateToPostgres({ dataDir, targetUrl: url, storage: 'local' });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const count = async () =>
      (await client.query('select count(*)::int as n from ticket_messages')).rows[0].n;
    const before = await count();
    await expect(
      migrateToPostgres({ dataDir, targetUrl: url, storage: 'database' }),
    ).rejects.toThrow(MigrationRefused);

    const cli = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/migrate-to-postgres-cli.ts', url],
      { cwd: SERVER_DIR, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    expect(cli.status).not.toBe(0);
    expect(cli.stderr).toMatch(/target database is not empty \(public\.\w+ has rows\)/);
    expect(await count()).toBe(before);
    await client.end();
  });

  it('with --storage database puts the bytes into PostgreSQL, served with no uploads folder', async () => {
    const url = await newDatabase();
    // Small batches: several round trips per table, as on a large installation.
    const summary = await migrateToPostgres({
      dataDir,
      targetUrl: url,
      storage: 'database',
      batchSize: 2,
    });
    expect(summary.files).toBe(3);
    const app = await serveFrom({
      DATA_DIR: tempDir('migrate-empty'),
      DATABASE_URL: url,
      STORAGE: 'database',
    });
    try {
      const served = await seeWhatIsServed(app);
      expect(served.threads).toEqual(seen.threads);
      expect(served.files).toEqual(seen.files);
    } finally {
      await app.close();
    }
  });

  it('refuses while a server holds the DATA_DIR, before touching the target', async () => {
    const url = await newDatabase();
    // Same process, so fake another holder: the lock names our parent process.
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
    try {
      await expect(
        migrateToPostgres({ dataDir, targetUrl: url, storage: 'local' }),
      ).rejects.toThrow(/in use by another process/);
    } finally {
      fs.rmSync(path.join(dataDir, 'db.lock'), { force: true });
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const tables = await client.query("select 1 from pg_tables where schemaname = 'public'");
    expect(tables.rowCount).toBe(0);
    await client.end();
  });

  it('a file changed on disk since its upload stops the run and leaves the target empty', async () => {
    const url = await newDatabase();
    const uploads = path.join(dataDir, 'uploads');
    const name = fs
      .readdirSync(uploads, { recursive: true, encoding: 'utf8' })
      .find((n) => /^[0-9a-f]{2}[/\\][0-9a-f-]{36}$/.test(n));
    const file = path.join(uploads, name as string);
    const original = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.concat([original, Buffer.from('x')]));
    try {
      await expect(
        migrateToPostgres({ dataDir, targetUrl: url, storage: 'database' }),
      ).rejects.toThrow(MigrationMismatch);
    } finally {
      fs.writeFileSync(file, original);
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    expect(await firstTableWithRows(drizzle({ client }) as unknown as Db)).toBeNull();
    await client.end();
  });
});
