import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { TestClock } from '../src/lib/clock';
import { BACKGROUND_NOTICE_SUBJECTS } from '../src/mail/account-security-templates';

export const ORIGIN = 'http://localhost:3000';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header as it arrived, lower-case names (ticket e-mails' threading and list headers). */
  headers: Record<string, string>;
}

/** A real SMTP server on a free port that keeps every message it receives. */
export async function startMailCapture() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          messages.push({
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    clear: () => {
      messages.length = 0;
    },
    /**
     * The newest message to an address, waiting briefly for background sends.
     * Security notices sent after an answer (a sign-in alert) may land after a
     * later code or link, so they are skipped: read them with mail-helpers.ts.
     */
    async last(to: string): Promise<CapturedMail> {
      for (let i = 0; i < 100; i++) {
        const found = messages
          .filter((m) => m.to.toLowerCase() === to.toLowerCase())
          .filter((m) => !BACKGROUND_NOTICE_SUBJECTS.includes(m.subject))
          .at(-1);
        if (found) return found;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      throw new Error(`no e-mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailCapture = Awaited<ReturnType<typeof startMailCapture>>;

export function codeFrom(mail: CapturedMail): string {
  const match = mail.text.match(/^(\d{6})$/m);
  if (!match?.[1]) throw new Error(`no code in e-mail: ${mail.text}`);
  return match[1];
}

export function resetTokenFrom(mail: CapturedMail): string {
  const match = mail.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error('no reset link in e-mail');
  return match[1];
}

/**
 * The migrated, empty in-memory database of this test worker, as a
 * `dumpDataDir` image. A worker keeps its modules from file to file
 * (vitest.config.ts, `isolate: false`), so the first file of each worker
 * creates and migrates a cluster (initdb in WebAssembly, 4–6 s here) and every
 * later file loads this image instead (about 1.5 s).
 */
let emptyPgliteImage: Promise<Blob | File> | null = null;

async function openTestPglite(): Promise<Database> {
  if (emptyPgliteImage) return openPglite(null, undefined, await emptyPgliteImage);
  const database = await openPglite(null);
  const client = database.embedded?.client;
  if (client) emptyPgliteImage = client.dumpDataDir('none');
  await emptyPgliteImage;
  return database;
}

/**
 * One database per test file: PGlite in memory, or a fresh PostgreSQL
 * database when TEST_DATABASE_URL points at a server (CI).
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openTestPglite();
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function truncateAll(database: Database) {
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = (result as unknown as { rows: { tablename: string }[] }).rows;
  if (!rows.length) return;
  const list = rows.map((r) => `"${r.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`truncate ${list} restart identity cascade`));
}

/** A fresh, empty folder under the system's temp directory. */
export function tempDir(label = 'test'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `studio-${label}-`));
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: ORIGIN,
    DATA_DIR: tempDir(),
    WEB_DIR: path.join(os.tmpdir(), 'studio-no-web-build'),
    ...overrides,
  });
}

/** Per test file: one database and one SMTP capture, reset between tests. */
export function createTestContext() {
  let database: Database;
  let mail: MailCapture;
  const apps: FastifyInstance[] = [];
  return {
    get database() {
      return database;
    },
    get mail() {
      return mail;
    },
    async setup() {
      database = await openTestDatabase();
      mail = await startMailCapture();
    },
    async reset() {
      await Promise.all(apps.splice(0).map((a) => a.close()));
      await truncateAll(database);
      mail.clear();
    },
    async teardown() {
      await Promise.all(apps.splice(0).map((a) => a.close()));
      await mail.close();
      await database.close();
    },
    async app(options: Partial<BuildOptions> & { env?: Record<string, string> } = {}) {
      const clock = options.clock ?? new TestClock(Date.now());
      const app = await buildApp({
        database,
        clock,
        ...options,
        config: options.config ?? testConfig({ SMTP_URL: mail.url, ...options.env }),
      });
      apps.push(app);
      return app;
    },
  };
}

/** A browser stand-in: keeps cookies and sends our Origin on every call. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly defaults: Record<string, string> = { origin: ORIGIN },
  ) {}

  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }>) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await this.app.inject({
      method,
      url,
      headers: { ...this.defaults, ...headers },
      cookies: Object.fromEntries(this.cookies),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    this.store(response);
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
}

/** Registers and verifies an account through the API, returning a logged-in client. */
export async function registerUser(
  app: FastifyInstance,
  mail: MailCapture,
  input: { username: string; email: string; password?: string },
) {
  const client = new Client(app);
  const body = { password: 'Sekretne-Haslo-42', ...input };
  const sent = await client.post('/api/auth/register', body);
  if (sent.statusCode !== 200) throw new Error(`register failed: ${sent.body}`);
  const code = codeFrom(await mail.last(input.email));
  const verified = await client.post('/api/auth/verify-email', { ...body, code });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return {
    client,
    user: verified.json().user as { id: number; username: string; email: string },
    password: body.password,
  };
}

/**
 * Valid studio details (DESIGN §7.10) for a configuration that must pass in
 * production; checksums worked out in packages/shared/src/studio-details.test.ts.
 */
export const STUDIO_ENV = {
  STUDIO_NAME: 'Pracownia Kowalski sp. z o.o.',
  STUDIO_ADDRESS: 'ul. Długa 5, 31-147 Kraków',
  STUDIO_NIP: '526-025-09-95',
  STUDIO_REGON: '123456785',
  STUDIO_EMAIL: 'biuro@pracownia.pl',
  STUDIO_PHONE: '+48 12 345 67 89',
};
