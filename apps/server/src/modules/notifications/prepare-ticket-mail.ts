import type { AppDeps } from '../../deps';
import type { MailMessage } from '../../mail/transport';
import type { PendingTicketMail } from './choose-what-to-send';
import { composeTicketMail } from './compose';
import { loadMailedMessages } from './mail-messages';
import { earlierMessageIds, newMessageId } from './thread-headers';
import { unsubscribeUrl } from './unsubscribe-token';

/** Gathers what the e-mail shows and how it threads, then composes it. */
export async function prepareTicketMail(
  deps: Pick<AppDeps, 'db' | 'config'>,
  pending: PendingTicketMail,
): Promise<MailMessage> {
  const { db, config } = deps;
  return composeTicketMail(pending, {
    publicUrl: config.publicUrl,
    replyTo: config.mailReplyTo,
    messages: await loadMailedMessages(db, pending.messageIds),
    messageId: newMessageId(config.publicUrl),
    earlier: await earlierMessageIds(db, pending.ticket.id, pending.recipient.id),
    unsubscribeUrl: unsubscribeUrl(config, pending.recipient.id),
  });
}
