import type { MailboxStreamEvent } from '@studio/shared/mailbox';
import type { ImapFlow } from 'imapflow';
import type { AppDeps } from '../../../deps';

/** Bus channel of the staff folder's changes; the stream module tells admins' list streams. */
export const MAILBOX_CHANNEL = 'mailbox';

/**
 * Tells every instance (and through them every admin's open workspace) how
 * many mails now wait in the staff folder. A failure is only logged: the mail
 * itself is where it should be, and the next change or a reload shows it.
 */
export async function announceSetAside(
  deps: Pick<AppDeps, 'bus' | 'log'>,
  client: ImapFlow,
  folder: string,
) {
  try {
    const status = await client.status(folder, { messages: true });
    if (status === false) return;
    const event: MailboxStreamEvent = { total: status.messages ?? 0 };
    await deps.bus.publish(MAILBOX_CHANNEL, event);
  } catch (error) {
    deps.log.warn({ err: error }, 'change of the staff folder not announced');
  }
}
