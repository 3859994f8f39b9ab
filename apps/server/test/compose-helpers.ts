import type { PendingTicketMail } from '../src/modules/notifications/choose-what-to-send';
import { composeTicketMail } from '../src/modules/notifications/compose';

/** The ticket e-mail compose.ts builds for a pending notification, with fixed parts (no messages quoted). */
export function composedTicketMail(input: {
  owner?: string;
  number?: number;
  isOwner: boolean;
  count: number;
  isNewTicket?: boolean;
}) {
  const pending: PendingTicketMail = {
    ticket: { id: 3, number: input.number ?? 1007, ownerId: 1, owner: input.owner ?? 'ala' },
    recipient: { id: 2, email: 'a@example.com' },
    isOwner: input.isOwner,
    unreadCount: input.count,
    messageIds: [],
    newestMessageId: 1,
    isNewTicket: input.isNewTicket ?? false,
    isGuest: false,
  };
  return composeTicketMail(pending, {
    publicUrl: 'http://localhost:3000',
    replyTo: undefined,
    messages: [],
    messageId: '<1@localhost>',
    earlier: [],
    unsubscribeUrl: 'http://localhost:3000/unsubscribe',
  });
}
