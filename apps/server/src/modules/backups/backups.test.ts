import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startMailCapture, tempDir, testConfig } from '../../../test/helpers';
import { createTicket, pngImage, postMessage } from '../../../test/tickets-helpers';
import { buildApp } from '../../app';
import { type Database, migrationsFolder, openPglite } from '../../db/client';
import { TestClock } from '../../lib/clock';
import type { StatusCheckFn } from '../status/status-check';
import { readManifest } from './backup-format';
import { dueDay } from './backup-service';
import { askRunningServer, backupSocketPath } from './backup-socket';
import { backupStatusCheck } from './backup-status-check';
import { lastBackup } from './last-backup';
import { restoreEmbedded } from './restore-backup';
import { backupsToKeep, rotateBackups } from './rotate-backups';

// The status endpoint lists it among its checks: it must have the check type's shape.
const asCheck: StatusCheckFn = backupStatusCheck;

// Seconds each on a quiet machine; the shared 2-core one, with benchmarks and
// browser tests beside it, has been seen ten times slower.
const LOADED_MACHINE_MS = 180_000;

/** 03:00 in Warsaw (CET, UTC+1) on a Friday. */
const AT_THREE = Date.UTC(2026, 10, 27, 2, 0);

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// One migrated database for the whole file, copied into each DATA_DIR: creating
// and migrating a cluster on disk is most of a test's time otherwise.
let template: string;
beforeAll(async () => {
  template = path.join(tempDir('backup-template'), 'db');
  const client = new PGlite(template);
  await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
  await client.close();
}, LOADED_MACHINE_MS);

const opened: { app: FastifyInstance; database: Database }[] = [];
afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close();
    await database.close();
  }
});

async function startServer(env: Record<string, string>, options: { logLines?: string[] } = {}) {
  const dataDir = tempDir('backup-data');
  const config = testConfig({ DATA_DIR: dataDir, ...env });
  const database = await openPglite(dataDir, template);
  const clock = new TestClock(AT_THREE);
  const sink = new Writable({
    write(chunk, _encoding, done) {
      options.logLines?.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    clock,
    loggerInstance: pino({ level: 'info' }, sink),
  });
  opened.push({ app, database });
  return { app, dataDir, clock, database };
}

describe('online backups', () => {
  it(
    'a scheduled backup taken while messages with files are written holds every message and file committed before it started',
    async () => {
      const mail = await startMailCapture();
      const backupDir = tempDir('backup-out');
      const { app, dataDir } = await startServer({
        SMTP_URL: mail.url,
        BACKUP_DIR: backupDir,
        BACKUP_HOUR: '3',
      });
      const { client } = await registerUser(app, mail, {
        username: 'kasia',
        email: 'k@example.com',
      });
      const image = await pngImage();
      const ticket = await createTicket(client, {
        body: 'wiadomość 0',
        files: [{ filename: 'ekran.png', data: image, type: 'image/png' }],
      });
      const ticketId = ticket.json().id as number;
      const committed = new Set<string>(['wiadomość 0']);

      // A writer that keeps posting messages with an image while the backup runs
      // (at most 55: the ticket and its messages stay under 60 a minute).
      let writing = true;
      let written = 0;
      const writer = (async () => {
        for (let n = 1; writing && n <= 55; n++) {
          await new Promise((resolve) => setTimeout(resolve, 30));
          const sent = await postMessage(client, ticketId, {
            body: `wiadomość ${n}`,
            files: [{ filename: `ekran-${n}.png`, data: image, type: 'image/png' }],
          });
          expect(sent.statusCode).toBe(201);
          committed.add(`wiadomość ${n}`);
          written = n;
        }
      })();
      writer.catch(() => {}); // awaited below; its failure fails the test there
      while (written < 2) await new Promise((resolve) => setTimeout(resolve, 20));

      const before = new Set(committed);
      const writtenBefore = written;
      const backup = await app.backups?.runIfDue();
      const writtenDuring = written - writtenBefore;
      writing = false;
      await writer;
      expect(backup).toBeTruthy();
      const { folder } = backup as { folder: string };
      // The writer went on while the backup ran: the server was not stopped.
      expect(writtenDuring).toBeGreaterThan(0);
      console.log(
        `backup: ${writtenDuring} messages written meanwhile, server paused ${backup?.pausedMs} ms`,
      );

      const manifest = readManifest(folder);
      expect(manifest.origin).toBe('schedule');
      expect(manifest.verification?.ok).toBe(true);
      expect(manifest.tables.ticket_messages).toBeGreaterThanOrEqual(before.size);

      const restoredDir = path.join(tempDir('backup-restored'), 'data');
      await restoreEmbedded({ backupDir: folder, dataDir: restoredDir });
      const restored = await openPglite(restoredDir);
      try {
        const { rows } = await restored.embedded!.client.query<{
          body: string;
          storage_key: string;
          thumbnail_key: string | null;
        }>(
          `select m.body, a.storage_key, a.thumbnail_key from ticket_messages m
         join ticket_attachments a on a.message_id = m.id`,
        );
        const bodies = new Set(rows.map((row) => row.body));
        for (const body of before) expect(bodies).toContain(body);
        // Every file any restored row points at is there, byte for byte as the server stored it.
        for (const row of rows) {
          for (const key of [row.storage_key, row.thumbnail_key]) {
            if (!key) continue;
            const file = path.join(key.slice(0, 2), key);
            const copy = fs.readFileSync(path.join(restoredDir, 'uploads', file));
            expect(sha256(copy)).toBe(sha256(fs.readFileSync(path.join(dataDir, 'uploads', file))));
            expect(manifest.checksums?.[file.replace(path.sep, '/')]).toBe(sha256(copy));
          }
        }
      } finally {
        await restored.close();
      }

      const state = lastBackup(app);
      expect(state).toMatchObject({ ok: true, verified: true, error: null, folder });
      expect(state?.sizeBytes).toBeGreaterThan(0);
      expect(await asCheck(app)).toMatchObject({ id: 'backup', state: 'ok' });
      // Once a day: the next tick the same day does nothing.
      expect(await app.backups?.runIfDue()).toBeNull();
      await mail.close();
    },
    LOADED_MACHINE_MS,
  );

  it(
    'a backup that cannot be written is logged, counted and shown as a failure',
    async () => {
      const notADir = path.join(tempDir('backup-blocked'), 'a-file');
      fs.writeFileSync(notADir, 'not a folder');
      const lines: string[] = [];
      const { app } = await startServer(
        { BACKUP_DIR: path.join(notADir, 'backups'), BACKUP_HOUR: '3', METRICS_PORT: '0' },
        { logLines: lines },
      );
      expect(await asCheck(app)).toMatchObject({ state: 'warn' }); // none yet

      await expect(app.backups?.runIfDue()).rejects.toThrow(/ENOTDIR/);

      const logged = lines.map((line) => JSON.parse(line)).find((l) => l.msg === 'backup failed');
      expect(logged?.level).toBe(50); // error
      const port = app.metricsServer?.address.port;
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toMatch(/^studio_backup_failures_total 1$/m);
      expect(metrics).toMatch(/^studio_backup_last_success_timestamp_seconds 0$/m);
      expect(lastBackup(app)).toMatchObject({ ok: false, verified: false, folder: null });
      const check = await asCheck(app);
      expect(check?.state).toBe('fail');
      expect(check?.detail).toMatch(/nie powiodła się: .*ENOTDIR.*Sprawdź, czy do .* można pisać/);
    },
    LOADED_MACHINE_MS,
  );

  it(
    'npm run backup beside the running server has that server take and verify the backup',
    async () => {
      const { app, dataDir } = await startServer({});
      const outDir = tempDir('backup-cli');
      const serverDir = path.resolve(import.meta.dirname, '../../..');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/backup-cli.ts', 'backup', outDir],
        { cwd: serverDir, env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir } },
      );
      expect(stdout).toMatch(/Backup written by the running server to .* and verified/);
      const [name] = fs.readdirSync(outDir);
      const manifest = readManifest(path.join(outDir, name as string));
      expect(manifest).toMatchObject({ origin: 'server', verification: { ok: true } });
      expect(lastBackup(app)?.folder).toBe(path.join(outDir, name as string));
      // The socket is the owner's alone.
      expect(fs.statSync(path.join(dataDir, 'run')).mode & 0o777).toBe(0o700);
    },
    LOADED_MACHINE_MS,
  );
});

describe('npm run backup without a running server', () => {
  it('finds nobody to ask, also where a crashed server left its socket file, and backs up offline as before', async () => {
    const dataDir = tempDir('backup-alone');
    expect(await askRunningServer(dataDir, tempDir('backup-out'))).toBeNull();
    fs.mkdirSync(path.dirname(backupSocketPath(dataDir)), { recursive: true });
    fs.writeFileSync(backupSocketPath(dataDir), '');
    expect(await askRunningServer(dataDir, tempDir('backup-out'))).toBeNull();
  });
});

describe('rotation of scheduled backups', () => {
  const DAY = 86_400_000;

  function fakeBackup(dir: string, at: Date, origin: 'schedule' | 'cli') {
    const name = `studio-backup-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(
      path.join(dir, name, 'manifest.json'),
      JSON.stringify({
        format: 'studio-embedded-backup/1',
        createdAt: at.toISOString(),
        tables: {},
        uploads: 0,
        origin,
      }),
    );
    return name;
  }

  it('keeps the newest 7 daily and 4 weekly over five simulated weeks, and never a backup it did not make', async () => {
    const dir = tempDir('backup-rotation');
    const manual = fakeBackup(dir, new Date(Date.UTC(2026, 8, 1, 10)), 'cli');
    fs.mkdirSync(path.join(dir, 'notatki'));
    // Daily at 03:00 Warsaw from Monday 2026-10-05 for 35 days, across the end of DST (25 Oct).
    const start = Date.UTC(2026, 9, 5, 1);
    const names: string[] = [];
    for (let day = 0; day < 35; day++) {
      names.push(fakeBackup(dir, new Date(start + day * DAY), 'schedule'));
      await rotateBackups(dir);
    }
    const left = fs.readdirSync(dir).sort();
    // The last 7 days, and the Sunday (newest) backup of the 3 weeks before them.
    const sundays = [names[13], names[20], names[27]] as string[];
    expect(left).toEqual([...sundays, ...names.slice(-7), 'notatki', manual].sort());
  });

  it('counts days and weeks that have a backup, so a pause keeps the old ones', () => {
    const at = (iso: string) => ({ name: iso, createdAt: new Date(iso) });
    const keep = backupsToKeep([
      at('2026-11-01T02:00:00Z'),
      at('2026-11-02T02:00:00Z'),
      at('2026-11-02T20:00:00Z'),
      at('2026-11-27T02:00:00Z'),
    ]);
    // Two on 2 November: the later one is that day's; the rest of those days stay.
    expect([...keep].sort()).toEqual([
      '2026-11-01T02:00:00Z',
      '2026-11-02T20:00:00Z',
      '2026-11-27T02:00:00Z',
    ]);
  });
});

describe('the hour of the scheduled backup (Europe/Warsaw)', () => {
  const utc = (iso: string) => new Date(`${iso}Z`);

  it('is Warsaw time in winter and in summer, whatever the machine’s zone', () => {
    expect(dueDay(utc('2026-11-27T01:59'), 3)).toBeNull(); // 02:59 CET
    expect(dueDay(utc('2026-11-27T02:00'), 3)).toBe('2026-11-27'); // 03:00 CET
    expect(dueDay(utc('2026-07-01T00:59'), 3)).toBeNull(); // 02:59 CEST
    expect(dueDay(utc('2026-07-01T01:00'), 3)).toBe('2026-07-01'); // 03:00 CEST
    // 00:30 on 1 July in Warsaw is still 30 June in UTC.
    expect(dueDay(utc('2026-06-30T22:30'), 0)).toBe('2026-07-01');
  });

  it('runs at the next hour when DST skips it, and the day is the same all through a repeated hour', () => {
    // 29 March 2026: 02:00 CET jumps to 03:00 CEST at 01:00 UTC; BACKUP_HOUR 2 never shows.
    expect(dueDay(utc('2026-03-29T00:59'), 2)).toBeNull(); // 01:59 CET
    expect(dueDay(utc('2026-03-29T01:00'), 2)).toBe('2026-03-29'); // 03:00 CEST
    // 25 October 2026: 02:00–03:00 comes twice (CEST, then CET); both are the same day,
    // which the service remembers after the first run.
    expect(dueDay(utc('2026-10-25T00:30'), 2)).toBe('2026-10-25'); // 02:30 CEST
    expect(dueDay(utc('2026-10-25T01:30'), 2)).toBe('2026-10-25'); // 02:30 CET
  });
});

describe('the backup line of the status page', () => {
  const appWith = (env: Record<string, string>, last: object | null = null) =>
    ({
      deps: { config: testConfig(env), clock: new TestClock(AT_THREE) },
      backups: { last: () => last },
    }) as unknown as FastifyInstance;

  it('on PostgreSQL says backups are the database’s job', async () => {
    const check = await asCheck(appWith({ DATABASE_URL: 'postgres://localhost/studio' }));
    expect(check).toMatchObject({ id: 'backup', state: 'ok' });
    expect(check?.detail).toMatch(/pg_dump/);
  });

  it('asks for BACKUP_DIR and BACKUP_HOUR when backups are not scheduled', async () => {
    const check = await asCheck(appWith({}));
    expect(check?.state).toBe('warn');
    expect(check?.detail).toMatch(/Ustaw BACKUP_DIR .* i BACKUP_HOUR/);
  });

  it('turns amber when the last verified backup is more than 26 hours old', async () => {
    const env = { BACKUP_DIR: '/tmp/kopie', BACKUP_HOUR: '3' };
    const state = (hoursAgo: number) => ({
      at: new Date(AT_THREE - hoursAgo * 3_600_000).toISOString(),
      ok: true,
      verified: true,
      error: null,
      folder: '/tmp/kopie/x',
      sizeBytes: 5 * 1024 * 1024,
    });
    expect(await asCheck(appWith(env, state(25)))).toMatchObject({ state: 'ok' });
    expect((await asCheck(appWith(env, state(25))))?.detail).toMatch(/5 MB/);
    expect(await asCheck(appWith(env, state(27)))).toMatchObject({ state: 'warn' });
  });
});
