import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { runAdminCommand } from '../src/cli/admin';
import { ConfigError, loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { acquireDataDirLock, DataDirBusyError } from '../src/db/data-dir-lock';
import { sessions, users } from '../src/db/schema/index';
import type { Mailer } from '../src/mail/transport';
import { Client, codeFrom, createTestContext, registerUser, tempDir, testConfig } from './helpers';
import { startInstance, stopInstance, waitHealthy } from './process-helpers';

const run = promisify(execFile);
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const tmp = () => tempDir('ops');
const ivo = { username: 'ivo', email: 'ivo@example.com', password: 'Sekretne-Haslo-42' };

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      storage: 'local',
      trustProxy: false,
      env: 'development',
      databaseUrl: undefined,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid PORT/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid PUBLIC_URL/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL/],
    [{ REDIS_URL: 'http://x' }, /^Invalid REDIS_URL/],
    [{ STORAGE: 's3' }, /^Invalid STORAGE/],
    [{ NODE_ENV: 'staging' }, /^Invalid NODE_ENV/],
    [{ NODE_ENV: 'production' }, /^Invalid SMTP_URL: required when NODE_ENV=production/],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('the server exits with that line on a bad value', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(__dirname, '..'),
      env: { ...process.env, PORT: 'nie-port', DATA_DIR: tmp() },
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr.trim()).toMatch(/^Invalid PORT: /);
  });
});

describe('embedded database', () => {
  it('keeps data in DATA_DIR across restarts', async () => {
    const dataDir = tmp();
    const first = await openPglite(dataDir);
    await first.db.insert(users).values({
      username: 'trwaly',
      email: 'trwaly@example.com',
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await first.close();
    const second = await openPglite(dataDir);
    expect(await second.db.select().from(users)).toHaveLength(1);
    await second.close();
  });

  it('a second process on the same DATA_DIR stops with a clear message', async () => {
    const dataDir = tmp();
    const release = acquireDataDirLock(dataDir);
    try {
      // The lock names a live process other than the one asking.
      fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirBusyError);
      expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by another process/);
    } finally {
      release();
    }
  });

  it('takes over a stale lock left by a crashed process', () => {
    const dataDir = tmp();
    fs.writeFileSync(path.join(dataDir, 'db.lock'), '999999999');
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});

describe('the server process', () => {
  it('serves, refuses a second process on its DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const dataDir = tmp();
    const server = await startInstance({ DATA_DIR: dataDir, NODE_ENV: 'development' });
    try {
      await waitHealthy(server);
      const second = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(__dirname, '..'),
        env: { ...process.env, PORT: String(server.port + 1), DATA_DIR: dataDir },
      }).catch((error: { code: number; stderr: string }) => error);
      expect((second as { code: number }).code).toBe(1);
      expect((second as { stderr: string }).stderr).toMatch(/in use by another process/);
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    } finally {
      await stopInstance(server, 'SIGKILL');
    }
  });
});

describe('admin command line', () => {
  it('grants, lists and revokes admin rights by username or e-mail', async () => {
    const app = await ctx.app();
    await registerUser(app, ctx.mail, ivo);
    const db = ctx.database.db;
    const config = testConfig({ SMTP_URL: ctx.mail.url });
    expect(await runAdminCommand(db, ['list'])).toBe('No admins.');
    expect(await runAdminCommand(db, ['grant', 'IVO@example.com'], { config })).toMatch(
      /is now an admin/,
    );
    expect(await runAdminCommand(db, ['list'])).toBe('ivo <ivo@example.com>');
    const login = await new Client(app).post('/api/auth/login', {
      identifier: 'ivo',
      password: ivo.password,
    });
    expect(login.json().user.is_admin).toBe(true);
    expect(await runAdminCommand(db, ['revoke', 'ivo'], { config })).toMatch(/no longer an admin/);
    await expect(runAdminCommand(db, ['grant', 'nikt'], { config })).rejects.toThrow(
      'No user "nikt".',
    );
    await expect(runAdminCommand(db, ['explode'])).rejects.toThrow(/Usage:/);
  });
});

describe('mail', () => {
  it('a failed send answers email_failed and creates no account, code or session', async () => {
    const failing: Mailer = {
      send: async () => {
        throw new Error('SMTP down');
      },
      close: () => {},
    };
    const app = await ctx.app({ mailer: failing });
    const response = await new Client(app).post('/api/auth/register', ivo);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'email_failed' });
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('with SMTP unreachable the 2FA password step answers email_failed and sets no cookie', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, ivo);
    await client.post('/api/profile/mfa/enable/request');
    await client.post('/api/profile/mfa/enable/confirm', {
      code: codeFrom(await ctx.mail.last(ivo.email)),
    });
    const broken = await ctx.app({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const fresh = new Client(broken);
    const response = await fresh.post('/api/auth/login', {
      identifier: 'ivo',
      password: ivo.password,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'email_failed' });
    expect(fresh.cookies.size).toBe(0);
    expect(await ctx.database.db.select().from(sessions)).toHaveLength(1);
  });

  it('without SMTP_URL writes e-mails to the dev outbox, listed at /dev/outbox in development', async () => {
    const dataDir = tmp();
    const config = testConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: ctx.database });
    try {
      const client = new Client(app);
      expect((await client.post('/api/auth/register', ivo)).statusCode).toBe(200);
      const files = fs.readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      const entry = JSON.parse(
        fs.readFileSync(path.join(dataDir, 'outbox', files[0] as string), 'utf8'),
      );
      expect(entry).toMatchObject({ to: ivo.email, subject: 'Kod weryfikacyjny rejestracji' });
      const code = entry.text.match(/^(\d{6})$/m)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(entry.html).toContain(code);
      const page = await app.inject({ url: '/dev/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(code);
      const verified = await client.post('/api/auth/verify-email', { ...ivo, code });
      expect(verified.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('the outbox page does not exist outside development', async () => {
    const app = await ctx.app();
    expect((await app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
  });
});
