// Where a process's resident memory is, from /proc/<pid>/smaps (Linux, glibc):
// PGlite's WebAssembly memory, glibc's malloc arenas, the rest of the anonymous
// memory (V8's heap, large malloc blocks, thread stacks) and mapped files (code).
import fs from 'node:fs';

const GiB = 1024 ** 3;
/** glibc's secondary arenas: 64 MiB each (HEAP_MAX_SIZE on 64-bit), aligned to their size. */
const ARENA_BYTES = 64 * 1024 ** 2;

function mappings(pid) {
  const text = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const list = [];
  let current = null;
  for (const line of text.split('\n')) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/);
    if (head) {
      current = {
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3],
        name: head[4].trim(),
        rss: 0,
      };
      list.push(current);
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    if (rss && current) current.rss = Number(rss[1]) * 1024;
  }
  return list;
}

/**
 * Resident bytes by kind. `wasm`: an anonymous read-write mapping between
 * two reservations of 1 GiB or more (V8 puts guard regions of gigabytes around
 * a WebAssembly memory; here only PGlite has one). `malloc`: the main arena
 * (`[heap]`) and every 64 MiB-aligned run of anonymous mappings 64 MiB long
 * (the secondary arenas, one per thread that allocated, up to 8 × cores).
 * `otherAnon`: the rest of the anonymous memory: V8's heap pages and code,
 * malloc's blocks above its mmap threshold, stacks. `files`: mapped files.
 */
export function memoryMap(pid) {
  const maps = mappings(pid);
  const isAnon = (m) => m.name === '';
  const totals = { wasm: 0, malloc: 0, otherAnon: 0, files: 0, arenas: 0 };
  const counted = new Set();
  maps.forEach((m, i) => {
    if (!isAnon(m) || m.perms !== 'rw-p') return;
    const isGuard = (n) => n && isAnon(n) && n.perms === '---p' && n.end - n.start >= BigInt(GiB);
    // Between its guards: 2 GiB below, the rest of its 10 GiB reservation above
    // (anything else mapped next to a guard, outside, is another allocator's).
    if (isGuard(maps[i - 1]) && isGuard(maps[i + 1])) {
      totals.wasm += m.rss;
      counted.add(m);
    }
  });
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i];
    if (!isAnon(m) || counted.has(m) || m.start % BigInt(ARENA_BYTES) !== 0n) continue;
    let end = m.end;
    let j = i;
    while (end - m.start < BigInt(ARENA_BYTES) && maps[j + 1] && isAnon(maps[j + 1])) {
      if (maps[j + 1].start !== end) break;
      j++;
      end = maps[j].end;
    }
    if (end - m.start !== BigInt(ARENA_BYTES)) continue;
    for (let k = i; k <= j; k++) {
      totals.malloc += maps[k].rss;
      counted.add(maps[k]);
    }
    totals.arenas++;
    i = j;
  }
  for (const m of maps) {
    if (counted.has(m)) continue;
    if (m.name === '[heap]') totals.malloc += m.rss;
    else if (isAnon(m) || m.name.startsWith('[')) totals.otherAnon += m.rss;
    else totals.files += m.rss;
  }
  const MB = (bytes) => Math.round((bytes / 1024 ** 2) * 10) / 10;
  return {
    wasmMB: MB(totals.wasm),
    mallocMB: MB(totals.malloc),
    mallocArenas: totals.arenas + 1,
    otherAnonMB: MB(totals.otherAnon),
    filesMB: MB(totals.files),
  };
}
