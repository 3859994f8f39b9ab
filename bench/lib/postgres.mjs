// A private PostgreSQL cluster for one bench run, started the way .ci/run does:
// initdb/pg_ctl from Debian's packages, as the postgres user, on 127.0.0.1 and
// a free port, data in a temporary folder that is removed afterwards.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, tempDir } from './util.mjs';

/** The newest installed PostgreSQL's bin folder, or null. */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(base, newest, 'bin') : null;
}

export const POSTGRES_MISSING =
  "PostgreSQL is missing (no /usr/lib/postgresql/*/bin/initdb). Install Debian's server with:\n" +
  '  sudo apt-get install -y postgresql\n' +
  'The PostgreSQL part of the API benchmark is skipped.';

function asPostgres(args, options = {}) {
  // initdb and pg_ctl refuse to run as root; the cluster belongs to the postgres user.
  const isRoot = process.getuid?.() === 0;
  const [command, rest] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', ...args]]
    : [args[0], args.slice(1)];
  const result = spawnSync(command, rest, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  return result;
}

export async function startPostgres() {
  const bin = findPostgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const port = await freePort();
  const work = tempDir('studio-bench-pg-');
  fs.chmodSync(work, 0o755);
  const data = path.join(work, 'data');
  const run = path.join(work, 'run');
  fs.mkdirSync(data);
  fs.mkdirSync(run);
  if (process.getuid?.() === 0) {
    spawnSync('chown', ['postgres:postgres', data, run]);
  }
  asPostgres([
    path.join(bin, 'initdb'),
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
  ]);
  const settings = [
    'listen_addresses=127.0.0.1',
    `port=${port}`,
    `unix_socket_directories=${run}`,
    'max_connections=200',
    // Enough for the seeded working set of the hot tables and their indexes.
    'shared_buffers=256MB',
    'maintenance_work_mem=256MB',
  ]
    .map((s) => `-c ${s}`)
    .join(' ');
  const logFile = path.join(run, 'postgres.log');
  try {
    asPostgres([
      path.join(bin, 'pg_ctl'),
      '-D',
      data,
      '-l',
      logFile,
      '-w',
      '-o',
      settings,
      'start',
    ]);
  } catch (error) {
    const logText = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    fs.rmSync(work, { recursive: true, force: true });
    throw new Error(`${error.message}\n${logText}`);
  }
  const version = path.basename(path.dirname(bin));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    // The server's log (auto_explain writes its plans there: bench/search.mjs).
    logFile,
    stop() {
      try {
        asPostgres([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  };
}
