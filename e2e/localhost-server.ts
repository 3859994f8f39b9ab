import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A server of its own for a spec, from the suite's build, at
 * http://localhost:<free port>. WebAuthn refuses an IP address as the RP ID
 * and the suite's server runs on http://127.0.0.1, so the passkey specs start
 * one of these (localhost is a secure context and a valid RP ID); `env` adds
 * what the spec needs besides (a short REAUTH_WINDOW_SECONDS, say).
 */

export interface LocalhostServer {
  origin: string;
  /** Its DATA_DIR: the dev outbox lives in `outbox/` below it. */
  dataDir: string;
  stop(): void;
}

const root = fileURLToPath(new URL('../', import.meta.url));

// The same probe as e2e/run.mjs (a plain .mjs script the specs cannot import from).
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export async function startLocalhostServer(
  name: string,
  env: Record<string, string> = {},
): Promise<LocalhostServer> {
  const webDir = process.env.E2E_WEB_DIR;
  if (!webDir) throw new Error('E2E_WEB_DIR is not set; run with `npm run test:e2e`.');
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `studio-e2e-${name}-`));
  const server: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        // Both loopback addresses, whichever one the browser picks for "localhost".
        HOST: 'localhost',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        WEB_DIR: webDir,
        NODE_ENV: 'development',
        ADDRESS_MAIL_RECIPIENTS_PER_HOUR: '1000',
        ADDRESS_LIMIT_FACTOR: '100',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        IMAP_URL: '',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: 'ignore',
    },
  );
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { origin, dataDir, stop };
    if (Date.now() > deadline) {
      stop();
      throw new Error(`the ${name} server did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
