import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import type { Metrics } from '../../metrics/metrics';
import { folderSize, readManifest } from './backup-format';
import type { BackupState } from './backup-state';
import type { RemovalGate } from './removal-gate';
import { rotateBackups, scheduledBackups } from './rotate-backups';
import { type OnlineBackup, takeOnlineBackup } from './take-online-backup';
import { warsawTime } from './warsaw-time';

/** After a failed scheduled backup, the next try: soon enough to save the night, rare enough not to flood the log. */
export const RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * The Warsaw day whose scheduled backup is due at `now`, or null before
 * BACKUP_HOUR. From the hour on, not at it: an hour that DST skips (02:00 on
 * the last Sunday of March) runs at the next one, and a server started after
 * the hour takes that day's backup at once. The caller remembers the day, so
 * an hour DST repeats (October) runs once.
 */
export function dueDay(now: Date, hour: number): string | null {
  const warsaw = warsawTime(now);
  return warsaw.hour >= hour ? warsaw.day : null;
}

/**
 * The running server's backups: the daily one at BACKUP_HOUR and the ones
 * `npm run backup` asks for (backup-socket.ts). One at a time; each outcome is
 * logged, counted (metrics) and kept for the status page.
 */
export class BackupService {
  private state: BackupState | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private lastScheduledDay: string | null = null;
  private lastFailureAt: number | null = null;

  constructor(
    private readonly deps: {
      client: PGlite;
      dataDir: string;
      config: Config;
      clock: Clock;
      log: FastifyBaseLogger;
      metrics: Metrics | null;
      gate: RemovalGate;
    },
  ) {}

  last(): BackupState | null {
    return this.state;
  }

  /**
   * After a restart the status page still knows the newest scheduled backup
   * in BACKUP_DIR (a failure before the restart is in the log only).
   */
  loadNewest(): void {
    const dir = this.deps.config.backup?.dir;
    if (!dir) return;
    const newest = scheduledBackups(dir).sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    )[0];
    if (!newest) return;
    const folder = path.join(dir, newest.name);
    try {
      const manifest = readManifest(folder);
      this.state = {
        at: manifest.createdAt,
        ok: true,
        verified: manifest.verification?.ok === true,
        error: null,
        folder,
        sizeBytes: folderSize(folder),
      };
      this.lastScheduledDay = warsawTime(newest.createdAt).day;
      if (this.state.verified) this.deps.metrics?.backupSucceeded(newest.createdAt);
    } catch (error) {
      this.deps.log.warn({ err: error, folder }, 'could not read the newest backup');
    }
  }

  /** A backup into `outDir` now (`npm run backup` beside the running server). */
  take(outDir: string): Promise<OnlineBackup> {
    return this.serially(() => this.run(outDir, 'server'));
  }

  /** What the schedule calls every minute: the day's backup once it is due (`dueDay`). */
  runIfDue(): Promise<OnlineBackup | null> {
    const schedule = this.deps.config.backup;
    if (!schedule) return Promise.resolve(null);
    const now = this.deps.clock.now();
    const day = dueDay(now, schedule.hour);
    if (day === null || this.lastScheduledDay === day) return Promise.resolve(null);
    if (this.lastFailureAt !== null && now.getTime() - this.lastFailureAt < RETRY_AFTER_MS) {
      return Promise.resolve(null);
    }
    return this.serially(async () => {
      // Checked again in the queue: a tick that waited behind another backup may be late.
      if (this.lastScheduledDay === day) return null;
      const backup = await this.run(schedule.dir, 'schedule');
      this.lastScheduledDay = day;
      const removed = await rotateBackups(schedule.dir);
      if (removed.length) this.deps.log.info({ removed }, 'old backups removed');
      return backup;
    });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => {});
    return next;
  }

  private async run(outDir: string, origin: 'server' | 'schedule'): Promise<OnlineBackup> {
    const { clock, log, metrics } = this.deps;
    const started = clock.now();
    try {
      const backup = await takeOnlineBackup({
        client: this.deps.client,
        dataDir: this.deps.dataDir,
        outDir,
        now: started,
        origin,
        gate: this.deps.gate,
        storage: this.deps.config.storage,
        verifiedAt: () => clock.now(),
      });
      this.state = {
        at: started.toISOString(),
        ok: true,
        verified: true,
        error: null,
        folder: backup.folder,
        sizeBytes: backup.sizeBytes,
      };
      this.lastFailureAt = null;
      metrics?.backupSucceeded(started);
      log.info(
        {
          folder: backup.folder,
          bytes: backup.sizeBytes,
          files: backup.manifest.uploads,
          pausedMs: backup.pausedMs,
          origin,
        },
        'backup written and verified',
      );
      return backup;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.state = {
        at: started.toISOString(),
        ok: false,
        verified: false,
        error: message,
        folder: null,
        sizeBytes: null,
      };
      if (origin === 'schedule') this.lastFailureAt = started.getTime();
      metrics?.backupFailed();
      log.error({ err: error, outDir, origin }, 'backup failed');
      throw error;
    }
  }
}
