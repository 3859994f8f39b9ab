import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/studio-config-backup' };

describe('BACKUP_DIR and BACKUP_HOUR (scheduled online backups)', () => {
  it('unset, schedule no backups', () => {
    expect(loadConfig(base).backup).toBeUndefined();
    expect(loadConfig({ ...base, BACKUP_DIR: '', BACKUP_HOUR: '' }).backup).toBeUndefined();
  });

  it('set, give an absolute folder and the hour', () => {
    expect(loadConfig({ ...base, BACKUP_DIR: 'kopie', BACKUP_HOUR: '3' }).backup).toEqual({
      dir: path.resolve('kopie'),
      hour: 3,
    });
    expect(loadConfig({ ...base, BACKUP_DIR: '/srv/kopie', BACKUP_HOUR: '0' }).backup?.hour).toBe(
      0,
    );
    expect(loadConfig({ ...base, BACKUP_DIR: '/srv/kopie', BACKUP_HOUR: '23' }).backup?.hour).toBe(
      23,
    );
  });

  it('refuse an hour outside 0–23 or not a whole hour, naming BACKUP_HOUR', () => {
    for (const hour of ['24', '-1', '3.5', 'trzecia']) {
      expect(() => loadConfig({ ...base, BACKUP_DIR: '/srv/kopie', BACKUP_HOUR: hour })).toThrow(
        /^Invalid BACKUP_HOUR/,
      );
    }
  });

  it('go together: either one alone is refused, naming the missing one', () => {
    expect(() => loadConfig({ ...base, BACKUP_HOUR: '3' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, BACKUP_HOUR: '3' })).toThrow(
      'Invalid BACKUP_DIR: required when BACKUP_HOUR is set',
    );
    expect(() => loadConfig({ ...base, BACKUP_DIR: '/srv/kopie' })).toThrow(
      'Invalid BACKUP_HOUR: required when BACKUP_DIR is set',
    );
  });

  it('are refused with DATABASE_URL, where PostgreSQL is backed up by its own tools', () => {
    expect(() =>
      loadConfig({
        ...base,
        DATABASE_URL: 'postgres://studio@db/studio',
        BACKUP_DIR: '/srv/kopie',
        BACKUP_HOUR: '3',
      }),
    ).toThrow(/^Invalid BACKUP_DIR: .*pg_dump/);
  });
});
