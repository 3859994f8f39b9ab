import type { MailMessage } from '../../mail/transport';
import type { PendingTicketMail } from './choose-what-to-send';
import { guestReplyMail } from './guest-reply-mail';
import { notificationMails } from './mail';

/** The Polish e-mail for a pending notification, linking to the ticket on PUBLIC_URL. */
export function composeTicketMail(pending: PendingTicketMail, publicUrl: string): MailMessage {
  const { ticket, recipient } = pending;
  const link = `${publicUrl}/contact?ticket=${ticket.id}`;
  if (pending.guestReplies) {
    return guestReplyMail({
      to: recipient.email,
      replies: pending.guestReplies,
      registerLink: `${publicUrl}/register`,
    });
  }
  if (pending.isOwner) {
    return notificationMails.staffReply({
      to: recipient.email,
      seq: ticket.seq,
      count: pending.unreadCount,
      link,
    });
  }
  return notificationMails.customerMessage({
    to: recipient.email,
    username: ticket.owner,
    seq: ticket.seq,
    count: pending.unreadCount,
    isNewTicket: pending.isNewTicket,
    link,
  });
}
