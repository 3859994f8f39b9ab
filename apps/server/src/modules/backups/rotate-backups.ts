import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_PREFIX, readManifest } from './backup-format';
import { warsawTime } from './warsaw-time';

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

export interface ScheduledBackup {
  name: string;
  createdAt: Date;
}

/**
 * The newest backup of each of the last 7 days that have one, and the newest
 * of each of the last 4 weeks (Monday to Sunday, Warsaw time) that have one.
 * Counting days and weeks that have a backup, not calendar days, means a
 * server that was off for a fortnight does not lose its old backups at once.
 */
export function backupsToKeep(backups: readonly ScheduledBackup[]): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const backup of newestFirst) {
    const { day, week } = warsawTime(backup.createdAt);
    if (!days.has(day) && days.size < KEEP_DAILY) {
      days.add(day);
      keep.add(backup.name);
    }
    if (!weeks.has(week) && weeks.size < KEEP_WEEKLY) {
      weeks.add(week);
      keep.add(backup.name);
    }
  }
  return keep;
}

/**
 * The backups the schedule made in `dir` (manifest origin `schedule`); a
 * backup made by hand, or any other folder, is never listed, so never deleted.
 */
export function scheduledBackups(dir: string): ScheduledBackup[] {
  if (!fs.existsSync(dir)) return [];
  const found: ScheduledBackup[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(BACKUP_PREFIX)) continue;
    if (entry.name.endsWith('.partial')) continue;
    try {
      const manifest = readManifest(path.join(dir, entry.name));
      if (manifest.origin !== 'schedule') continue;
      found.push({ name: entry.name, createdAt: new Date(manifest.createdAt) });
    } catch {
      // Not a backup, or not one we can read: not ours to delete.
    }
  }
  return found;
}

/** Deletes the scheduled backups beyond 7 daily and 4 weekly; returns their names. */
export async function rotateBackups(dir: string): Promise<string[]> {
  const backups = scheduledBackups(dir);
  const keep = backupsToKeep(backups);
  const removed: string[] = [];
  for (const { name } of backups) {
    if (keep.has(name)) continue;
    await fsp.rm(path.join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed.sort();
}
