// The memory allocator the server runs with (bench/README.md, "Server memory
// at rest"; docs/operations.md). glibc's malloc gives each thread that finds
// the others' arenas busy an arena of its own, up to 8 per core, and keeps
// what an image re-encode freed in each of them: after the bench's load a
// PGlite server held 190 MB of malloc memory in 15 arenas for good. jemalloc
// gives freed pages back to the system within seconds (its background thread
// purges them while the server is idle).
import fs from 'node:fs';
import path from 'node:path';

const JEMALLOC = 'libjemalloc.so.2';
/** Where Debian's and most distributions' `libjemalloc2` package puts it. */
const LIBRARY_DIRS = [
  '/usr/lib/x86_64-linux-gnu',
  '/usr/lib/aarch64-linux-gnu',
  '/usr/lib64',
  '/usr/lib',
  '/usr/local/lib',
];

/**
 * The variables to start the server with: jemalloc when the system has it,
 * else glibc's malloc held to two arenas. Empty when the operator chose an
 * allocator already (LD_PRELOAD or MALLOC_ARENA_MAX set) or not on Linux.
 * Both must be in the environment before the process starts: glibc and the
 * dynamic loader read them once, at exec.
 */
export function allocatorEnv(env = process.env) {
  if (process.platform !== 'linux') return {};
  if (env.LD_PRELOAD !== undefined || env.MALLOC_ARENA_MAX !== undefined) return {};
  const jemalloc = LIBRARY_DIRS.map((dir) => path.join(dir, JEMALLOC)).find((file) =>
    fs.existsSync(file),
  );
  if (jemalloc) return { LD_PRELOAD: jemalloc, MALLOC_CONF: 'background_thread:true' };
  // Without jemalloc: two arenas, and blocks of 128 KB and more mapped on their
  // own and unmapped when freed (glibc otherwise raises that threshold to the
  // largest block freed so far, up to 32 MB, and keeps image buffers in the
  // arenas). sharp runs one libvips thread per image on glibc, unless
  // MALLOC_ARENA_MAX is set: VIPS_CONCURRENCY keeps that one.
  return {
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    MALLOC_TRIM_THRESHOLD_: '131072',
    VIPS_CONCURRENCY: '1',
  };
}
