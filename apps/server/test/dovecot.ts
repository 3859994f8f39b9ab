import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

// Only Node built-ins and imapflow: e2e/run.mjs loads this file too (through tsx).

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const DOVECOT = '/usr/sbin/dovecot';

/**
 * Dovecot tests run wherever the package is installed; only outside CI may
 * they be skipped (with a message saying why). In CI a missing Dovecot fails.
 */
export function dovecotAvailable(): boolean {
  if (fs.existsSync(DOVECOT)) return true;
  if (process.env.CI) throw new Error('dovecot-imapd is required in CI (.ci/run installs it)');
  console.warn(
    'Skipping IMAP tests: /usr/sbin/dovecot is not installed (apt-get install dovecot-imapd)',
  );
  return false;
}

async function waitForPort(port: number, up: boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open === up) return;
    if (Date.now() > deadline)
      throw new Error(`dovecot port ${port} did not come ${up ? 'up' : 'down'}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Ids of the processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/**
 * A private Dovecot on a free 127.0.0.1 port: its own config, run and state
 * folders, log, one passwd-file user and a maildir, all in a temp folder.
 */
export async function startDovecot() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-dovecot-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const user = 'kontakt';
  const password = 'haslo-testowe';
  const info = os.userInfo();
  const isRoot = info.uid === 0;
  // Dovecot refuses to hand mail to uid 0; as root the mail belongs to the package's own user.
  const mailUid = isRoot ? 'dovecot' : String(info.uid);
  const mailGid = isRoot ? 'dovecot' : String(info.gid);
  for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, sub), { mode: 0o755 });
  if (isRoot) {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'dovecot'], { encoding: 'utf8' }));
    fs.chownSync(path.join(dir, 'mail'), id('-u'), id('-g'));
  }
  fs.writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`);
  const conf = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(
    conf,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
protocols = imap
listen = 127.0.0.1
mail_location = maildir:${dir}/mail/%u
first_valid_uid = 1
# IDLE learns of new mail through inotify; where a shared machine has used up its inotify
# instances Dovecot falls back to looking every 30 s. A real server pushes at once, so look often.
mailbox_idle_check_interval = 1 secs
${isRoot ? '' : `default_internal_user = ${info.username}\ndefault_login_user = ${info.username}\ndefault_internal_group = ${info.username}\n`}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );
  const start = async () => {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(DOVECOT, ['-c', conf], { stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`dovecot exited ${code}: ${readLog()}`)),
      );
    });
    await waitForPort(port, true);
  };
  const fullLog = () => fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8');
  const readLog = () => fullLog().slice(-2000);
  const stop = async () => {
    const pidFile = path.join(dir, 'run', 'master.pid');
    if (!fs.existsSync(pidFile)) return;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    // The master's children (imap sessions among them) outlive it; they are stopped by id too,
    // so an open connection sees the server go away as it would on a real outage.
    const children = childrenOf(pid);
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      return;
    }
    for (const child of children) {
      try {
        process.kill(child, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await waitForPort(port, false);
    for (let i = 0; i < 100 && fs.existsSync(pidFile); i++)
      await new Promise((r) => setTimeout(r, 50));
  };
  await start();
  const url = `imap://${user}:${password}@127.0.0.1:${port}/INBOX`;
  /** A client of the same mailbox, for putting mails in (APPEND) and looking at folders. */
  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => {});
    }
  };
  return {
    url,
    port,
    start,
    stop,
    readLog,
    /**
     * The server's log from `offset` characters on (take `logSince()` first): each
     * session's logout line says how many bodies it fetched (`body_count=`, `body_bytes=`).
     */
    logSince: (offset = 0) => fullLog().slice(offset),
    /** Puts a raw mail into INBOX, exactly as a delivered mail would appear. */
    append: (raw: string | Buffer) => withClient((c) => c.append('INBOX', raw)),
    /** How many mails a folder holds (path as an array, e.g. ['Kontakt', 'Przetworzone']). */
    count: (folder: string | string[]) =>
      withClient(async (c) => {
        const list = await c.list();
        const wanted = Array.isArray(folder) ? folder.join('') : folder;
        const box = list.find((b) => b.path.split(b.delimiter).join('') === wanted);
        if (!box) return 0;
        const status = await c.status(box.path, { messages: true });
        return status ? (status.messages ?? 0) : 0;
      }),
    withClient,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
