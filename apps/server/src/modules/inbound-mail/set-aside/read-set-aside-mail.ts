import { badRequest, notFound } from '../../../lib/errors';
import { MAX_MAIL_BYTES } from '../imap-watcher';
import type { InboundMail } from '../parse-mail';
import type { InboundContext } from '../process-inbound-mail';
import { UnparseableMail } from '../worker-parser';
import { mailSource, type StaffFolder } from './staff-folder';

/** A mail the product cannot read (too big, or refused by the parser): staff read it in their mail program. */
const unreadable = () => badRequest('validation_failed', { reason: 'unreadable' });

/**
 * A set-aside mail, parsed in the worker like any arriving mail, with the
 * same size cap (its size is read before its body): what staff turn into a
 * ticket or a message.
 */
export async function readSetAsideMail(
  inbound: Pick<InboundContext, 'parser'>,
  folder: StaffFolder,
  uid: string,
): Promise<InboundMail> {
  const head = await folder.client.fetchOne(uid, { size: true }, { uid: true });
  if (head === false) throw notFound();
  if ((head.size ?? 0) > MAX_MAIL_BYTES) throw unreadable();
  const source = await mailSource(folder, uid);
  try {
    return await inbound.parser.parse(source);
  } catch (error) {
    if (error instanceof UnparseableMail) throw unreadable();
    throw error;
  }
}
