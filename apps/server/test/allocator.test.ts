import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// The start script's choice of memory allocator (scripts/allocator.mjs, docs/operations.md).
// @ts-expect-error: a plain ES module of the repository's scripts, without type declarations
import { allocatorEnv } from '../../../scripts/allocator.mjs';

const JEMALLOC = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';

describe.runIf(process.platform === 'linux')('the allocator npm start runs the server with', () => {
  it('leaves an operator’s own choice alone', () => {
    expect(allocatorEnv({ LD_PRELOAD: '/opt/lib/other.so' })).toEqual({});
    expect(allocatorEnv({ MALLOC_ARENA_MAX: '4' })).toEqual({});
  });

  it('is jemalloc with background purging where it is installed, else glibc held to two arenas', () => {
    const chosen = allocatorEnv({});
    if (chosen.LD_PRELOAD) {
      expect(chosen.LD_PRELOAD).toMatch(/\/libjemalloc\.so\.2$/);
      expect(fs.existsSync(chosen.LD_PRELOAD)).toBe(true);
      expect(chosen).toEqual({
        LD_PRELOAD: chosen.LD_PRELOAD,
        MALLOC_CONF: 'background_thread:true',
      });
    } else {
      expect(fs.existsSync(JEMALLOC)).toBe(false);
      expect(chosen).toEqual({
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '131072',
        MALLOC_TRIM_THRESHOLD_: '131072',
        VIPS_CONCURRENCY: '1',
      });
    }
  });
});
