// `npm run test:e2e [playwright args…]`: builds the app (skip with E2E_SKIP_BUILD=1),
// starts the real server on a free port with a fresh temporary DATA_DIR, runs the
// Playwright suite with Debian's chromium against it, and cleans up.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  console.error(
    `Browser tests need Debian's chromium at ${chromium}, which is missing.\n` +
      'Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)',
  );
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`e2e: "${command} ${args.join(' ')}" failed`);
    process.exit(result.status ?? 1);
  }
}

// The web app is built into a private directory, so other work in the tree that
// rebuilds apps/web/build cannot change the files under a running suite. It sits
// in apps/web/dist (git-ignored) because prerendering imports the server build,
// which must resolve apps/web/node_modules. E2E_SKIP_BUILD=1 reuses
// apps/web/build and apps/server/dist as they are.
const skipBuild = process.env.E2E_SKIP_BUILD === '1';
let webBuildDir = path.join(root, 'apps/web/build');
if (!skipBuild) {
  fs.mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
  webBuildDir = fs.mkdtempSync(path.join(root, 'apps/web/dist/e2e-'));
}
if (!skipBuild) {
  run('npm', ['run', 'build', '-w', 'apps/web'], { WEB_BUILD_DIR: webBuildDir });
  run('npm', ['run', 'build', '-w', 'apps/server']);
}
const webDir = path.join(webBuildDir, 'client');

const serverMain = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(serverMain) || !fs.existsSync(webDir)) {
  console.error('e2e: the build is missing; run without E2E_SKIP_BUILD=1 once.');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

// With Dovecot installed, a private IMAP server plays the support mailbox, so a reply
// APPENDed to it travels the same way as a real one (email-reply.spec.ts).
let dovecot = null;
if (fs.existsSync('/usr/sbin/dovecot') && process.env.E2E_DOVECOT !== '0') {
  const { tsImport } = await import('tsx/esm/api');
  const { startDovecot } = await tsImport('../apps/server/test/dovecot.ts', import.meta.url);
  dovecot = await startDovecot();
}

const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-'));
// Each run has its own output folder: Playwright empties its output folder when
// it starts, and several suites may run at once in this tree.
const outputDir = path.join(
  root,
  'e2e/.output',
  `run-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`,
);
fs.mkdirSync(outputDir, { recursive: true });
const serverLogPath = path.join(outputDir, 'server.log');
const serverLog = fs.openSync(serverLogPath, 'w');

const server = spawn(process.execPath, [serverMain], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    NODE_ENV: 'development',
    // email-reply.spec.ts and staff-workspace.spec.ts have their own staff accounts: the shared
    // one's per-minute message budget is spent by contact.spec.ts when they run at once.
    ADMIN_EMAILS: 'admin@studio.test,mail-admin@studio.test,triage-admin@studio.test',
    // Every browser test registers from 127.0.0.1: more accounts an hour than one real client may.
    ADDRESS_MAIL_RECIPIENTS_PER_HOUR: '1000',
    // Every spec signs in, guesses wrong codes and passwords from 127.0.0.1.
    ADDRESS_LIMIT_FACTOR: '100',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    IMAP_URL: dovecot?.url ?? '',
    MAIL_REPLY_TO: dovecot ? 'kontakt@studio.test' : '',
    // Ticket e-mails after one second instead of two minutes, so a spec can answer one.
    NOTIFY_DELAY_SECONDS: '1',
    // push.spec.ts subscribes with an endpoint on a local HTTP server of its own (DESIGN.md §4).
    PUSH_ALLOW_LOOPBACK: '1',
  },
  stdio: ['ignore', serverLog, serverLog],
});

let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

function cleanup() {
  if (!serverExited) server.kill('SIGTERM');
  dovecot?.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!skipBuild) fs.rmSync(webBuildDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

// Wait until the server answers (it migrates a fresh database first).
const deadline = Date.now() + 60_000;
for (;;) {
  if (serverExited) {
    console.error(`e2e: the server exited during start-up; see ${serverLogPath}`);
    console.error(fs.readFileSync(serverLogPath, 'utf8').slice(-2000));
    cleanup();
    process.exit(1);
  }
  try {
    const response = await fetch(`${baseURL}/api/health`);
    if (response.ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) {
    console.error(`e2e: the server did not answer within 60 s; see ${serverLogPath}`);
    cleanup();
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}

console.log(`e2e: server on ${baseURL}, DATA_DIR ${dataDir}`);
const playwright = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '-c',
    path.join(root, 'e2e/playwright.config.ts'),
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseURL,
      E2E_DATA_DIR: dataDir,
      E2E_WEB_DIR: webDir,
      E2E_OUTPUT_DIR: outputDir,
      E2E_IMAP_URL: dovecot?.url ?? '',
      CHROMIUM_PATH: chromium,
    },
  },
);
const code = await new Promise((resolve) => playwright.on('exit', (c) => resolve(c ?? 1)));
cleanup();
// Stopped and its temporary folder removed (cleanup() on a signal can only stop it).
await dovecot?.close().catch(() => {});
// Traces, failure screenshots and the server log are kept only when something failed.
if (code === 0) fs.rmSync(outputDir, { recursive: true, force: true });
else console.log(`e2e: traces, failure screenshots and server.log are in ${outputDir}`);
process.exit(code);
