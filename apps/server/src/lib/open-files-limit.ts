import fs from 'node:fs';

/** Sockets and files the process needs besides its live streams (database, uploads, clients). */
export const OPEN_FILES_HEADROOM = 1024;

/**
 * The process's open-files limit, from /proc (Linux), or null elsewhere. Node
 * raises its soft limit to the hard one as it starts, so this is what the
 * process can really use; raising it further needs the hard limit raised
 * (systemd `LimitNOFILE=`, `ulimit -Hn`, the container's `nofile`).
 */
export function openFilesLimit(limitsText = readLimits()): number | null {
  const line = limitsText?.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  if (soft === undefined) return null;
  return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

function readLimits(): string | null {
  try {
    return fs.readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

/** A warning when STREAMS_MAX_TOTAL streams could not all get a socket, or null. */
export function openFilesWarning(maxStreams: number, limit: number | null): string | null {
  if (limit === null || limit >= maxStreams + OPEN_FILES_HEADROOM) return null;
  return `open-files limit ${limit} is below STREAMS_MAX_TOTAL (${maxStreams}) + ${OPEN_FILES_HEADROOM}: streams beyond it fail with EMFILE; raise the hard limit (systemd LimitNOFILE=65536, ulimit -Hn) or lower STREAMS_MAX_TOTAL (docs/operations.md)`;
}
