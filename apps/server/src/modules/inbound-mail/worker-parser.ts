import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { InboundMail } from './parse-mail';
import type { ParseAnswer, ParseRequest } from './parse-worker';

/** The worker's own start (loading mailparser; under tsx, compiling it) is not the mail's time. */
const BOOT_TIMEOUT_MS = 60_000;
/** parse-worker.ts's READY, written out: importing that file would load mailparser on this thread. */
const READY: typeof import('./parse-worker').READY = 'ready';

/** Longest a mail may take to parse; a real one takes milliseconds, even at the size cap. */
export const PARSE_TIMEOUT_MS = 10_000;

/** A mail the parser could not turn into an InboundMail: it throws, hangs or exhausts memory. */
export class UnparseableMail extends Error {
  constructor(readonly reason: string) {
    super(`mail could not be parsed: ${reason}`);
    this.name = 'UnparseableMail';
  }
}

/**
 * The worker. From the bundle (dist/main.js) its code is
 * dist/mail-parser-worker.js beside it (build.mjs); from the TypeScript
 * source (tests, `npm run dev`) parse-worker-dev.mjs registers tsx in the
 * thread and loads parse-worker.ts.
 */
function newWorker(options: WorkerOptions): Worker {
  const here = import.meta.url;
  const entry = here.endsWith('.ts') ? './parse-worker-dev.mjs' : './mail-parser-worker.js';
  return new Worker(new URL(entry, here), options);
}

/**
 * Parses mail off the main thread (security review N6, N8): one warm worker
 * runs mailparser, the HTML conversion and the reply stripping, so no mail can
 * hold up the server's requests; a parse that takes longer than the time limit
 * ends the worker (a fresh one starts for the next mail) and the mail is
 * refused, as is one whose parse throws or crashes the worker. One mail at a
 * time: the watcher processes them in order anyway.
 */
export class MailParserWorker {
  private worker: { thread: Worker; ready: Promise<void> } | null = null;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly timeoutMs = PARSE_TIMEOUT_MS) {}

  parse(source: Uint8Array): Promise<InboundMail> {
    const run = this.queue.then(
      () => this.parseNow(source),
      () => this.parseNow(source),
    );
    this.queue = run.catch(() => {});
    return run;
  }

  async close() {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    await worker?.thread.terminate();
  }

  private start(): { thread: Worker; ready: Promise<void> } {
    const thread = newWorker({
      // Attachments are Buffers outside the heap; the heap holds text and the parse tree.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    // Nothing waits on an idle worker: the process may exit while it runs.
    thread.unref();
    let failure: unknown = null;
    thread.on('error', (error) => {
      failure = error;
    });
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('mail parser did not start')),
        BOOT_TIMEOUT_MS,
      );
      thread.on('message', (message: unknown) => {
        if (message !== READY) return;
        clearTimeout(timer);
        resolve();
      });
      thread.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`mail parser did not start (exit code ${code})`, { cause: failure }));
      });
    });
    // Awaited by parseNow; a rejection nobody awaits yet must not be "unhandled".
    ready.catch(() => {});
    const worker = { thread, ready };
    thread.once('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  private async parseNow(source: Uint8Array): Promise<InboundMail> {
    if (this.closed) throw new Error('mail parser closed');
    const started = this.worker ?? this.start();
    try {
      await started.ready;
    } catch (error) {
      // Our fault, not the mail's: the mail is tried again later (the watcher reconnects).
      await this.discard(started.thread);
      throw error;
    }
    const worker = started.thread;
    const id = this.nextId++;
    return new Promise<InboundMail>((resolve, reject) => {
      const finish = (error: UnparseableMail | null, mail?: InboundMail) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        // Stopped because the server is: not the mail's fault, it is tried again after the restart.
        if (error && this.closed) reject(new Error('mail parser closed'));
        else if (error) reject(error);
        else if (mail) resolve(mail);
      };
      const onMessage = (answer: ParseAnswer) => {
        if (answer.id !== id) return;
        if (answer.ok) finish(null, answer.mail);
        else finish(new UnparseableMail(answer.error));
      };
      const onError = (error: Error) => {
        finish(new UnparseableMail(`parser crashed: ${error.message}`));
        void this.discard(worker);
      };
      const onExit = (code: number) =>
        finish(new UnparseableMail(`parser stopped (exit code ${code})`));
      const timer = setTimeout(() => {
        finish(new UnparseableMail(`parsing took longer than ${this.timeoutMs} ms`));
        void this.discard(worker);
      }, this.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // A copy the worker may own: the caller's Buffer may be a view of a larger one.
      const copy = new Uint8Array(source);
      const request: ParseRequest = { id, source: copy };
      worker.postMessage(request, [copy.buffer]);
    });
  }

  /** Ends a worker that hung or crashed; the next mail starts a fresh one. */
  private async discard(thread: Worker) {
    if (this.worker?.thread === thread) this.worker = null;
    await thread.terminate().catch(() => {});
  }
}
