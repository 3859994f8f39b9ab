import { describe, expect, it } from 'vitest';
import type { PendingTicketMail } from './choose-what-to-send';
import { composeTicketMail } from './compose';
import { messagesPl, waitsPl } from './mail';

/** A pending notification and the parts of its e-mail, as the worker passes them to compose. */
function ticketMail(overrides: {
  owner?: string;
  isOwner: boolean;
  count: number;
  isNewTicket?: boolean;
}) {
  const pending: PendingTicketMail = {
    ticket: { id: 3, seq: 7, ownerId: 1, owner: overrides.owner ?? 'ala' },
    recipient: { id: 2, email: 'a@example.com' },
    isOwner: overrides.isOwner,
    unreadCount: overrides.count,
    messageIds: [],
    newestMessageId: 1,
    isNewTicket: overrides.isNewTicket ?? false,
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

describe('counted messages in the e-mails (shared plural helper)', () => {
  it.each([
    [1, 'czeka 1 nowa wiadomość'],
    [2, 'czekają 2 nowe wiadomości'],
    [5, 'czeka 5 nowych wiadomości'],
    [12, 'czeka 12 nowych wiadomości'],
    [22, 'czekają 22 nowe wiadomości'],
    [25, 'czeka 25 nowych wiadomości'],
    [112, 'czeka 112 nowych wiadomości'],
  ])('%i → „%s”', (count, words) => {
    expect(`${waitsPl(count)} ${messagesPl(count)}`).toBe(words);
    const mail = ticketMail({ isOwner: true, count });
    expect(mail.text).toContain(`W Twoim zgłoszeniu #7 ${words} od naszego zespołu.`);
  });
});
