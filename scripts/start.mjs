// `npm start`: builds what is missing, then runs the server in this process.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { allocatorEnv } from './allocator.mjs';

// The allocator is chosen before anything else (scripts/allocator.mjs): the
// loader and glibc read their variables only when a process starts, so this
// process becomes a new one with them, same pid, nothing left behind (Node
// 22.15 and later; on an older Node the server runs with the system's default).
const allocator = allocatorEnv();
if (Object.keys(allocator).length > 0 && process.execve) {
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      ...process.env,
      ...allocator,
    },
  );
}

const root = fileURLToPath(new URL('..', import.meta.url));
const webBuilt = existsSync(`${root}apps/web/build/client/index.html`);
const serverBuilt = existsSync(`${root}apps/server/dist/main.js`);

if (!webBuilt) execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
if (!serverBuilt) execSync('npm run build -w apps/server', { cwd: root, stdio: 'inherit' });

// Node 22.1 and later keep the compiled code of the server and its libraries
// on disk (os.tmpdir()), so later starts skip compiling it (cold start,
// bench/README.md); Node 20 has no such call and starts as before.
module.enableCompileCache?.();

// No open-files juggling here: Node raises its soft RLIMIT_NOFILE to the hard
// limit as it starts (10,000 streams fit any hard limit above ~11,000; the
// server warns at start when STREAMS_MAX_TOTAL does not fit, docs/operations.md).
// The server runs in this process, so nothing is spawned on the way.
await import(`${root}apps/server/dist/main.js`);
