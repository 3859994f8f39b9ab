import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { codeFrom, type MailCapture } from './helpers';

/**
 * Real server processes, real PostgreSQL and Redis servers: for the tests
 * that are about processes (several instances, crashes, restarts, outages).
 */

export const PUBLIC = 'http://studio.test';
const SERVER_DIR = path.resolve(__dirname, '..');
const MAIN = path.join(SERVER_DIR, 'src/main.ts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Instance {
  base: string;
  port: number;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

export async function startInstance(env: Record<string, string>, port?: number): Promise<Instance> {
  const chosen = port ?? (await freePort());
  // `node --import tsx` runs the TypeScript in one process (the tsx CLI would put a
  // wrapper process in between, and signals are what these tests are about).
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: SERVER_DIR,
    env: { ...process.env, PUBLIC_URL: PUBLIC, LOG_LEVEL: 'warn', ...env, PORT: String(chosen) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { base: `http://127.0.0.1:${chosen}`, port: chosen, process: child, output, exited };
}

export async function waitHealthy(instance: Instance, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${instance.base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (instance.process.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance did not start:\n${instance.output.join('')}`);
}

/** Several instances on one configuration, as behind a load balancer, started at once and ready. */
export async function startInstances(count: number, env: Record<string, string>) {
  const instances = await Promise.all(Array.from({ length: count }, () => startInstance(env)));
  try {
    await Promise.all(instances.map((instance) => waitHealthy(instance)));
  } catch (error) {
    // A failed start must not leave the others running behind the test.
    await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGKILL')));
    throw error;
  }
  return instances;
}

export async function stopInstance(
  instance: Instance | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
) {
  if (!instance || instance.process.exitCode !== null) return;
  instance.process.kill(signal);
  await instance.exited;
}

/** A cookie jar over fetch that talks to whichever instance it is told to, like a browser behind a balancer. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(instance: Instance, method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { origin: PUBLIC, cookie: this.cookieHeader() };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(instance.base + url, { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

export async function register(
  browser: Browser,
  instance: Instance,
  mail: MailCapture,
  user: { username: string; email: string },
) {
  const body = { ...user, password: 'Sekretne-Haslo-42' };
  const sent = await browser.call(instance, 'POST', '/api/auth/register', body);
  if (sent.status !== 200) throw new Error(`register: ${sent.status} ${await sent.text()}`);
  const code = codeFrom(await mail.last(user.email));
  const verified = await browser.call(instance, 'POST', '/api/auth/verify-email', {
    ...body,
    code,
  });
  if (verified.status !== 200)
    throw new Error(`verify: ${verified.status} ${await verified.text()}`);
}

/** Reads server-sent events over a real connection until one of the wanted kind arrives. */
export async function openSse(instance: Instance, browser: Browser, url: string) {
  const controller = new AbortController();
  const response = await fetch(instance.base + url, {
    headers: { cookie: browser.cookieHeader(), accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`stream ${url}: ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  return {
    async next(event: string, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          if (block.split('\n').includes(`event: ${event}`)) return block;
        }
        if (Date.now() > deadline) throw new Error(`no ${event} event`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ]);
        if (chunk === null) continue;
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** Resolves true when the server ends the stream cleanly (no reset) within the time. */
    async endsCleanly(timeoutMs = 10_000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      try {
        while (!ended && Date.now() < deadline) {
          const chunk = await Promise.race([
            reader.read(),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
          ]);
          if (chunk?.done) ended = true;
        }
        return ended;
      } catch {
        return false;
      }
    },
    close: () => controller.abort(),
  };
}

/** A private PostgreSQL cluster on 127.0.0.1 that a test can stop and start. Needs root and Debian's postgresql. */
export function postgresAvailable(): boolean {
  return process.getuid?.() === 0 && findPgBin() !== null;
}

function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

export async function startPostgres() {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-pg-'));
  fs.chmodSync(work, 0o755);
  const data = path.join(work, 'data');
  const run = path.join(work, 'run');
  fs.mkdirSync(data);
  fs.mkdirSync(run);
  execFileSync('chown', ['postgres:postgres', data, run]);
  const asPostgres = (cmd: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], {
      stdio: 'pipe',
    });
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const port = await freePort();
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(run, 'pg.log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${run} -c fsync=off`,
      'start',
    ]);
  const stop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

export function redisAvailable(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** A private Redis on 127.0.0.1 that a test can stop and start again on the same port. */
export async function startRedis() {
  const port = await freePort();
  const start = () =>
    execFileSync('redis-server', [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
    ]);
  const stop = () => {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'pipe' });
    } catch {
      // already stopped
    }
  };
  start();
  for (let i = 0; i < 50; i++) {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
