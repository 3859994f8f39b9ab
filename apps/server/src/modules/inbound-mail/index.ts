/** The inbound e-mail module's public entry: other modules and the app import from here only. */

export { imapClient } from './imap-connection';
export type { WatcherOptions } from './imap-watcher';
export { ImapWatcher, PROCESSED_FOLDER, STAFF_FOLDER } from './imap-watcher';
export type { InboundMail } from './parse-mail';
export {
  type InboundContext,
  type InboundOutcome,
  processInboundMail,
} from './process-inbound-mail';
export { MAILBOX_CHANNEL } from './set-aside/announce';
export { mailboxRoutes } from './set-aside/routes';
export { setUpInboundMail } from './setup';
export { MailParserWorker, UnparseableMail } from './worker-parser';
