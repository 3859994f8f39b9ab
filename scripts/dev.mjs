// `npm run dev`: the API in watch mode on 127.0.0.1:3001 and the Vite dev
// server (hot reload) on http://localhost:5173, which forwards /api to the API.
// The browser talks only to Vite, so PUBLIC_URL (the Origin the API accepts and
// the base of e-mailed links) is Vite's address.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webPort = process.env.WEB_PORT ?? '5173';
const apiPort = process.env.API_PORT ?? '3001';

// Readable log lines for a person at a terminal. pino-pretty is a dev dependency and
// only this script loads it: the server itself always writes JSON lines, so
// production and the tests never load it (and a redirected `npm run dev` stays JSON).
const pretty =
  (process.env.NODE_ENV ?? 'development') === 'development' && process.stdout.isTTY
    ? spawn(
        process.execPath,
        [
          createRequire(import.meta.url).resolve('pino-pretty/bin.js'),
          '--translateTime',
          'SYS:HH:MM:ss',
        ],
        { cwd: root, stdio: ['pipe', 'inherit', 'inherit'] },
      )
    : null;

const api = spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
  cwd: root,
  stdio: ['inherit', pretty ? 'pipe' : 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: apiPort,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  },
});
if (pretty) api.stdout.pipe(pretty.stdin);

const children = [
  api,
  spawn('npm', ['run', 'dev', '-w', 'apps/web', '--', '--port', webPort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  // It ends by itself once the API's output closes; this is in case it does not.
  pretty?.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// If either half dies, stop the other rather than leave a half-working setup.
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
