import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../storage/storage';
import { createTicketsService } from '../tickets/index';
import { ImapWatcher, type WatcherOptions } from './imap-watcher';
import type { InboundContext } from './process-inbound-mail';
import { MailParserWorker } from './worker-parser';

declare module 'fastify' {
  interface FastifyInstance {
    /** What inbound mail is processed with (the IMAP watcher and the dev outbox's answer form). */
    inbound: InboundContext;
    /** The mailbox watcher; null without IMAP_URL. */
    mailWatcher: ImapWatcher | null;
  }
}

/** Decorates the app with the inbound context and, with IMAP_URL, starts watching the mailbox. */
export function setUpInboundMail(
  app: FastifyInstance,
  storage: FileStorage,
  watcherOptions: WatcherOptions = {},
) {
  // The worker starts with the first mail, not here (cold start).
  const parser = new MailParserWorker(watcherOptions.parseTimeoutMs);
  const inbound: InboundContext = {
    deps: app.deps,
    tickets: createTicketsService(app.deps, storage),
    parser,
  };
  app.decorate('inbound', inbound);
  const watcher = app.deps.config.imapUrl
    ? new ImapWatcher(app.deps, inbound, watcherOptions)
    : null;
  app.decorate('mailWatcher', watcher);
  if (watcher) {
    app.addHook('onReady', async () => watcher.start());
    app.addHook('onClose', () => watcher.stop());
  }
  app.addHook('onClose', () => parser.close());
}
