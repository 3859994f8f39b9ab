import { randomBytes } from 'node:crypto';
import type { SetAsideReason } from '@studio/shared/mailbox';
import type { ImapFlow } from 'imapflow';
import type { AppDeps } from '../../deps';
import { imapClient, imapSettings } from './imap-connection';
import {
  type InboundContext,
  type InboundOutcome,
  processInboundMail,
} from './process-inbound-mail';
import { announceSetAside } from './set-aside/announce';
import { reasonKeyword, setAsideReason } from './set-aside/reasons';
import { WatcherLease } from './watcher-lease';
import { UnparseableMail } from './worker-parser';

/**
 * Folders under the watched mailbox: done with, and kept for staff to read.
 * Everything not taken goes to the staff folder, whatever the reason (an
 * unknown or unconfirmed sender, a refused, oversized or unparseable mail):
 * staff look in one place, and the log says why each mail is there.
 */
export const PROCESSED_FOLDER = ['Kontakt', 'Przetworzone'];
export const STAFF_FOLDER = ['Kontakt', 'Nieprzypisane'];

/**
 * Largest mail fetched and parsed (RFC822.SIZE, read before the body). The
 * parser holds the whole mail and its decoded attachments in memory; a
 * message takes at most MAX_FILES_PER_MESSAGE files of 8 MB, and Gmail and
 * most providers cap a mail at 25 MB, base64 included. Bigger mails are moved
 * to the staff folder unread.
 */
export const MAX_MAIL_BYTES = 25 * 1024 * 1024;

export interface WatcherOptions {
  /** How often the mailbox is looked at besides IDLE (servers without it, missed events). */
  pollMs?: number;
  leaseTtlMs?: number;
  /** Tests: called after a mail's outcome is committed, before the mailbox is told. */
  beforeMarking?: (outcome: InboundOutcome) => Promise<void> | void;
  /** Mails above this size are not fetched (default MAX_MAIL_BYTES; tests set a small cap). */
  maxMailBytes?: number;
  /** Longest a mail may take to parse (default PARSE_TIMEOUT_MS of worker-parser.ts). */
  parseTimeoutMs?: number;
}

const MAX_BACKOFF_MS = 60_000;
const MAX_FAILURES_PER_MAIL = 5;

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
  /** Sessions that connected and read the mailbox through once (tests; the back-off resets on each). */
  sessionsStarted = 0;
  private readonly maxMailBytes: number;
  /** Set when the current session has worked: a later loss starts the back-off afresh. */
  private sessionWorked = false;

  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'log' | 'bus'>,
    private readonly inbound: InboundContext,
    private readonly options: WatcherOptions = {},
  ) {
    const holder = `${process.pid}.${randomBytes(6).toString('hex')}`;
    this.lease = new WatcherLease(deps.db, deps.clock, holder, options.leaseTtlMs ?? 60_000);
    this.pollMs = options.pollMs ?? 15_000;
    this.maxMailBytes = options.maxMailBytes ?? MAX_MAIL_BYTES;
  }

  /** Who this instance is in the lease row (the status page tells its own lease from another's). */
  get leaseHolder(): string {
    return this.lease.holder;
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
        this.sessionWorked = false;
        await this.session();
        backoff = 1000;
      } catch (error) {
        if (this.abort.signal.aborted) break;
        // A session that connected and worked ended like a connection ends: start again at once-ish.
        if (this.sessionWorked) backoff = 1000;
        log.warn({ err: error, retryInMs: backoff }, 'mailbox connection lost; reconnecting');
        await sleep(backoff, this.abort.signal);
        backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
      }
    }
  }

  /** One connection: process what is there, then whatever arrives, until it closes. */
  private async session() {
    const imapUrl = this.deps.config.imapUrl ?? '';
    const { mailbox } = imapSettings(imapUrl);
    const client = await imapClient(imapUrl, {
      missingIdleCommand: 'NOOP',
      // imapflow waits 15 s after the last command before it IDLEs; a reply should not.
      autoIdleDelay: 500,
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
      if (!failure) {
        this.sessionWorked = true;
        this.sessionsStarted += 1;
      }
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
        // Only storing can fail here (the mail itself was read; see processOne): a passing
        // database or mailbox outage is retried after a reconnect, but a mail that fails
        // again and again must not block the others.
        const failed = (this.failures.get(uid) ?? 0) + 1;
        this.failures.set(uid, failed);
        if (failed < MAX_FAILURES_PER_MAIL) throw error;
        this.deps.log.error({ err: error, uid }, 'mail failed repeatedly; moved for staff');
        await this.setAside(client, String(uid), 'failed', forStaff);
        this.failures.delete(uid);
      }
    }
  }

  /**
   * One mail: its size first (RFC822.SIZE), then its source, parsed in the
   * worker. A mail over the cap is not fetched; one the parser refuses (it
   * throws, runs out of time or memory) is moved for staff at once: neither is
   * a reason to drop the connection or try again (review N8).
   */
  private async processOne(client: ImapFlow, uid: string, processed: string, forStaff: string) {
    const { log } = this.deps;
    const head = await client.fetchOne(uid, { size: true }, { uid: true });
    if (head === false) return;
    let outcome: InboundOutcome | null = null;
    if ((head.size ?? 0) > this.maxMailBytes) {
      outcome = { kind: 'too_large', size: head.size ?? 0 };
    } else {
      const message = await client.fetchOne(uid, { source: true }, { uid: true });
      if (message === false || !message.source) return;
      if (message.source.length > this.maxMailBytes) {
        outcome = { kind: 'too_large', size: message.source.length };
      } else {
        try {
          const mail = await this.inbound.parser.parse(message.source);
          outcome = await processInboundMail(this.inbound, mail);
        } catch (error) {
          if (!(error instanceof UnparseableMail)) throw error;
          outcome = { kind: 'unparseable', reason: error.reason };
        }
      }
    }
    if (outcome.kind === 'too_large') {
      log.warn(
        { uid, size: outcome.size, maxBytes: this.maxMailBytes },
        'mail over the size cap: not read, moved for staff',
      );
    } else if (outcome.kind === 'unparseable') {
      log.warn({ uid, reason: outcome.reason }, 'mail could not be parsed: moved for staff');
    }
    this.processed.push(outcome);
    await this.options.beforeMarking?.(outcome);
    const reason = setAsideReason(outcome);
    if (reason) return this.setAside(client, uid, reason, forStaff);
    await client.messageFlagsAdd(uid, ['\\Seen'], { uid: true });
    await client.messageMove(uid, processed, { uid: true });
  }

  /**
   * Moves a mail to the staff folder with its reason written on it (an IMAP
   * keyword, set-aside/reasons.ts), and tells the admins' open workspaces. A
   * server that keeps no keywords still gets the mail moved; it lists as „Powód
   * nieznany”.
   */
  private async setAside(client: ImapFlow, uid: string, reason: SetAsideReason, forStaff: string) {
    await client
      .messageFlagsAdd(uid, [reasonKeyword(reason)], { uid: true })
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, uid }, 'reason not kept on the mail'),
      );
    await client.messageMove(uid, forStaff, { uid: true });
    await announceSetAside(this.deps, client, forStaff);
  }
}
