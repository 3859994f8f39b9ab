import { describe, expect, it } from 'vitest';
import { OPEN_FILES_HEADROOM, openFilesLimit, openFilesWarning } from './open-files-limit';

const limits = (soft: string, hard: string) =>
  [
    'Limit                     Soft Limit           Hard Limit           Units     ',
    'Max processes             127429               127429               processes ',
    `Max open files            ${soft.padEnd(21)}${hard.padEnd(21)}files     `,
  ].join('\n');

describe('open-files limit', () => {
  it('reads the soft limit of /proc/self/limits', () => {
    expect(openFilesLimit(limits('1024', '524288'))).toBe(1024);
    expect(openFilesLimit(limits('unlimited', 'unlimited'))).toBe(Number.POSITIVE_INFINITY);
    expect(openFilesLimit('no such line')).toBeNull();
  });

  it('reads this process (Linux), where Node already raised it to the hard limit', () => {
    const limit = openFilesLimit();
    if (limit !== null) expect(limit).toBeGreaterThan(0);
  });

  it('warns only when the streams and the headroom do not fit', () => {
    expect(openFilesWarning(10_000, 65_536)).toBeNull();
    expect(openFilesWarning(10_000, 10_000 + OPEN_FILES_HEADROOM)).toBeNull();
    expect(openFilesWarning(10_000, null)).toBeNull();
    expect(openFilesWarning(10_000, 1024)).toMatch(/open-files limit 1024 .*STREAMS_MAX_TOTAL/);
  });
});
