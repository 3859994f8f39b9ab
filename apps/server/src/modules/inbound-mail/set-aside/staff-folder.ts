import { MailboxMailIdSchema } from '@studio/shared/mailbox';
import type { ImapFlow } from 'imapflow';
import type { AppDeps } from '../../../deps';
import { AppError, notFound } from '../../../lib/errors';
import { imapClient } from '../imap-connection';
import { PROCESSED_FOLDER, STAFF_FOLDER } from '../imap-watcher';
import { announceSetAside } from './announce';

/** The staff folder, opened for one request. */
export interface StaffFolder {
  client: ImapFlow;
  path: string;
  /** The folder's UIDVALIDITY: a mail's id names it, so an id from an older folder names nothing. */
  uidValidity: string;
}

/** What a staff action needs from the app. */
export type StaffFolderDeps = Pick<AppDeps, 'config' | 'bus' | 'log'>;

const unavailable = () => new AppError(503, 'service_unavailable', { retryAfterSeconds: 30 });

/**
 * Opens its own short connection to the mailbox for one staff request, with
 * the staff folder selected, and closes it after. The watcher's connection is
 * not borrowed: it lives on the instance holding the lease, while staff may
 * be served by any instance. A mailbox that cannot be reached is 503.
 */
export async function withStaffFolder<T>(
  deps: StaffFolderDeps,
  work: (folder: StaffFolder) => Promise<T>,
): Promise<T> {
  const client = await imapClient(deps.config.imapUrl ?? '');
  client.on('error', (error: unknown) =>
    deps.log.warn({ err: error }, 'IMAP error (staff folder)'),
  );
  try {
    await client.connect();
  } catch (error) {
    deps.log.warn({ err: error }, 'the support mailbox cannot be reached');
    throw unavailable();
  }
  try {
    let lock: Awaited<ReturnType<ImapFlow['getMailboxLock']>>;
    let path: string;
    try {
      path = (await client.mailboxCreate(STAFF_FOLDER)).path;
      lock = await client.getMailboxLock(path);
    } catch (error) {
      deps.log.warn({ err: error }, 'the staff folder cannot be opened');
      throw unavailable();
    }
    try {
      const mailbox = client.mailbox;
      if (!mailbox) throw unavailable();
      return await work({ client, path, uidValidity: String(mailbox.uidValidity) });
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => {});
    client.close();
  }
}

/** The UID a list id names in this folder, or 404 (malformed, or from another UIDVALIDITY). */
export function uidOf(folder: StaffFolder, id: string): string {
  if (!MailboxMailIdSchema.safeParse(id).success) throw notFound();
  const [validity, uid] = id.split('.');
  if (validity !== folder.uidValidity || !uid || Number(uid) < 1) throw notFound();
  return uid;
}

export function mailId(folder: StaffFolder, uid: number): string {
  return `${folder.uidValidity}.${uid}`;
}

/** A mail's raw source, or 404 when it is no longer in the folder (handled by someone else). */
export async function mailSource(folder: StaffFolder, uid: string): Promise<Buffer> {
  const message = await folder.client.fetchOne(uid, { source: true }, { uid: true });
  if (message === false || !message.source) throw notFound();
  return message.source;
}

/** A mail that became a ticket message: read, and moved with the processed ones. */
export async function moveToProcessed(deps: StaffFolderDeps, folder: StaffFolder, uid: string) {
  const processed = (await folder.client.mailboxCreate(PROCESSED_FOLDER)).path;
  await folder.client.messageFlagsAdd(uid, ['\\Seen'], { uid: true });
  await folder.client.messageMove(uid, processed, { uid: true });
  await announceSetAside(deps, folder.client, folder.path);
}

/**
 * One staff action per mail at a time in this process: two clicks on
 * „Otwórz zgłoszenie” make one ticket (the second finds the mail gone). The
 * Message-ID's idempotency key covers two instances (open-ticket-from-mail.ts).
 */
const busy = new Map<string, Promise<unknown>>();
export async function oneAtATime<T>(id: string, work: () => Promise<T>): Promise<T> {
  const before = busy.get(id) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(work);
  busy.set(id, mine);
  try {
    return await mine;
  } finally {
    if (busy.get(id) === mine) busy.delete(id);
  }
}
