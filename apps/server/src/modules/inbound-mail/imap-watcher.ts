import { randomBytes } from 'node:crypto';
import type { ImapFlow } from 'imapflow';
import type { AppDeps } from '../../deps';
import {
  type InboundContext,
  type InboundOutcome,
  processInboundMail,
} from './process-inbound-mail';
import { WatcherLease } from './watcher-lease';

/** Folders under the watched mailbox: done with, and kept for staff to read. */
export const PROCESSED_FOLDER = ['Kontakt', 'Przetworzone'];
export const STAFF_FOLDER = ['Kontakt', 'Nieprzypisane'];

export interface WatcherOptions {
  /** How often the mailbox is looked at besides IDLE (servers without it, missed events). */
  pollMs?: number;
  leaseTtlMs?: number;
  /** Tests: called after a mail's outcome is committed, before the mailbox is told. */
  beforeMarking?: (outcome: InboundOutcome) => Promise<void> | void;
}

const MAX_BACKOFF_MS = 60_000;
const MAX_FAILURES_PER_MAIL = 5;

function connectionOptions(imapUrl: string) {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  return {
    host: url.hostname,
    port: Number(url.port) || (secure ? 993 : 143),
    secure,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    mailbox: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', wake);
      resolve();
    }, ms);
    signal.addEventListener('abort', wake, { once: true });
  });

/**
 * Watches the IMAP_URL mailbox: only the instance holding the lease connects;
 * it takes every unseen mail through processInboundMail, then (only after
 * that is committed) marks it seen and moves it to Kontakt/Przetworzone, or
 * moves what was not taken to Kontakt/Nieprzypisane for staff. New mail is
 * noticed by IDLE (NOOP polling where the server lacks it) and a periodic
 * look; a lost connection is retried with growing pauses.
 */
export class ImapWatcher {
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;
  private client: ImapFlow | null = null;
  private readonly lease: WatcherLease;
  private readonly pollMs: number;
  /** Failed attempts per mail (by UID) since it last went through. */
  private readonly failures = new Map<number, number>();
  /** Outcomes in order, for tests and the log. */
  readonly processed: InboundOutcome[] = [];

  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'log'>,
    private readonly inbound: InboundContext,
    private readonly options: WatcherOptions = {},
  ) {
    const holder = `${process.pid}.${randomBytes(6).toString('hex')}`;
    this.lease = new WatcherLease(deps.db, deps.clock, holder, options.leaseTtlMs ?? 60_000);
    this.pollMs = options.pollMs ?? 15_000;
  }

  /** Whether this instance is the one connected to the mailbox right now. */
  get watching(): boolean {
    return this.client?.usable === true;
  }

  start() {
    this.loop ??= this.run();
  }

  async stop() {
    this.abort.abort();
    await this.client?.logout().catch(() => {});
    this.client?.close();
    await this.loop;
    await this.lease.release().catch(() => {});
  }

  private async run() {
    const { log } = this.deps;
    let backoff = 1000;
    while (!this.abort.signal.aborted) {
      try {
        if (!(await this.lease.acquire())) {
          await sleep(this.pollMs, this.abort.signal);
          continue;
        }
        await this.session();
        backoff = 1000;
      } catch (error) {
        if (this.abort.signal.aborted) break;
        log.warn({ err: error, retryInMs: backoff }, 'mailbox connection lost; reconnecting');
        await sleep(backoff, this.abort.signal);
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
      }
    }
  }

  /** One connection: process what is there, then whatever arrives, until it closes. */
  private async session() {
    const { mailbox, ...connection } = connectionOptions(this.deps.config.imapUrl ?? '');
    // Loaded here, not at start: the mail libraries are a fifth of a second of
    // the cold start, and most servers watch no mailbox (bench/README.md).
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow({
      ...connection,
      logger: false,
      missingIdleCommand: 'NOOP',
      // imapflow waits 15 s after the last command before it IDLEs; a reply should not.
      autoIdleDelay: 500,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
    });
    this.client = client;
    // Without a listener an 'error' event would crash the process; 'close' ends the session.
    client.on('error', (error: unknown) => this.deps.log.warn({ err: error }, 'IMAP error'));
    await client.connect();
    try {
      const processed = (await client.mailboxCreate(PROCESSED_FOLDER)).path;
      const forStaff = (await client.mailboxCreate(STAFF_FOLDER)).path;
      await client.mailboxOpen(mailbox);
      this.deps.log.info('watching the support mailbox');
      let queue = Promise.resolve();
      let failure: unknown = null;
      const pass = () => {
        queue = queue
          .then(() => this.processUnseen(client, processed, forStaff))
          .catch((error: unknown) => {
            failure = error;
            client.close();
          });
        return queue;
      };
      client.on('exists', () => void pass());
      await pass();
      while (client.usable && !this.abort.signal.aborted) {
        await sleep(this.pollMs, this.abort.signal);
        if (!(await this.lease.acquire())) break; // another instance took over meanwhile
        await pass();
      }
      await queue;
      if (failure) throw failure;
      if (!this.abort.signal.aborted && !client.usable) throw new Error('IMAP connection closed');
    } finally {
      if (client.usable) await client.logout().catch(() => {});
      client.close();
    }
  }

  private async processUnseen(client: ImapFlow, processed: string, forStaff: string) {
    // Every mail still in the mailbox, read or not: whatever was handled has been moved out.
    const uids = (await client.search({ all: true }, { uid: true })) || [];
    for (const uid of uids) {
      try {
        await this.processOne(client, String(uid), processed, forStaff);
        this.failures.delete(uid);
      } catch (error) {
        // A mail that fails again and again (not a passing outage) must not block the others.
        const failed = (this.failures.get(uid) ?? 0) + 1;
        this.failures.set(uid, failed);
        if (failed < MAX_FAILURES_PER_MAIL) throw error;
        this.deps.log.error({ err: error, uid }, 'mail failed repeatedly; moved for staff');
        await client.messageMove(String(uid), forStaff, { uid: true });
        this.failures.delete(uid);
      }
    }
  }

  private async processOne(client: ImapFlow, uid: string, processed: string, forStaff: string) {
    const message = await client.fetchOne(uid, { source: true }, { uid: true });
    if (message === false || !message.source) return;
    const outcome = await processInboundMail(
      this.inbound,
      await (await import('mailparser')).simpleParser(message.source),
    );
    this.processed.push(outcome);
    await this.options.beforeMarking?.(outcome);
    const done = outcome.kind === 'stored' || outcome.kind === 'duplicate';
    if (done) await client.messageFlagsAdd(uid, ['\\Seen'], { uid: true });
    await client.messageMove(uid, done ? processed : forStaff, { uid: true });
  }
}
