import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * How `npm run backup` reaches the server that holds DATA_DIR: a unix socket
 * in DATA_DIR/run/, a folder only the owner of the server's files may enter
 * (0700). Nothing listens on the network, so nobody outside the machine, and
 * nobody on it without access to DATA_DIR (who could copy the database
 * anyway), can start a backup. One request per connection: a JSON line
 * `{"command":"backup","outDir":"/absolute/path"}`, answered by one JSON line.
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'backup.sock');
}

export type BackupAnswer =
  | { ok: true; folder: string; rows: number; files: number; sizeBytes: number }
  | { ok: false; error: string };

/** Listens until the returned function is called; the socket file goes with it. */
export async function listenForBackupRequests(
  dataDir: string,
  backup: (outDir: string) => Promise<BackupAnswer>,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  // Left by a server that crashed; we hold the DATA_DIR lock, so no live one owns it.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (input.length > 10_000) socket.destroy();
      if (!input.includes('\n')) return;
      socket.removeAllListeners('data');
      answer(input.slice(0, input.indexOf('\n')), backup).then((reply) =>
        socket.end(`${JSON.stringify(reply)}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

async function answer(
  line: string,
  backup: (outDir: string) => Promise<BackupAnswer>,
): Promise<BackupAnswer> {
  let request: { command?: unknown; outDir?: unknown };
  try {
    request = JSON.parse(line);
  } catch {
    return { ok: false, error: 'Not a JSON request.' };
  }
  if (request.command !== 'backup') return { ok: false, error: 'Unknown command.' };
  if (typeof request.outDir !== 'string' || !path.isAbsolute(request.outDir)) {
    return { ok: false, error: 'outDir must be an absolute path.' };
  }
  try {
    return await backup(request.outDir);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Asks the server running on `dataDir` for a backup into `outDir`. Null when
 * no server listens there (none runs, or one too old to answer): the caller
 * then backs up offline, which refuses if a server does hold the lock.
 */
export function askRunningServer(dataDir: string, outDir: string): Promise<BackupAnswer | null> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      socket.write(`${JSON.stringify({ command: 'backup', outDir: path.resolve(outDir) })}\n`);
    });
    socket.on('data', (chunk: string) => {
      output += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as BackupAnswer);
      } catch {
        reject(new Error('The running server gave no answer to the backup request.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
