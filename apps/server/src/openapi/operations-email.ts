/** Route table: the e-mail channel (DESIGN §7.1). */
import { UnsubscribedAnswerSchema, UnsubscribeQuerySchema } from '@studio/shared/email-channel';
import {
  MailboxAttachAnswerSchema,
  MailboxAttachBodySchema,
  MailboxListAnswerSchema,
  MailboxMailIdSchema,
  MailboxTicketAnswerSchema,
} from '@studio/shared/mailbox';
import { type ApiOperation, JSON_WRITE, refusals } from './operation';

const STAFF_ONLY = '`forbidden`: not staff (or a foreign `Origin`).';
const mailId = { id: MailboxMailIdSchema };
const GONE =
  '`not_found`: the mail is no longer in the folder (handled by someone else), or the id is from before the folder was rebuilt.';
const UNREACHABLE = '`service_unavailable`: the support mailbox cannot be reached now.';
const UNREADABLE =
  '`validation_failed` with `details.reason: "unreadable"`: a mail over 25 MB or one the parser refuses (read it in a mail program), or `no_sender`.';

const badToken = { 400: '`invalid_token`: not a token of ours.' };

export const emailOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/notifications/unsubscribe',
    tag: 'profile',
    session: false,
    summary:
      'The page behind the unsubscribe link of a ticket e-mail, the staff digest or a staff assignment or overdue mail: a button, nothing changed yet',
    query: UnsubscribeQuerySchema,
    answers: {
      200: { description: 'A page with the button.', media: { type: 'text/html' } },
      ...refusals([400], badToken),
    },
  },
  {
    method: 'post',
    path: '/api/notifications/unsubscribe',
    tag: 'profile',
    session: false,
    summary:
      'One-click unsubscribe (RFC 8058): turns off the token’s list (ticket e-mails, a staff member’s new-ticket mails, or their overdue mails) for its user',
    description:
      'Mail programs post `List-Unsubscribe=One-Click` as a form from their own servers, so this is the one state-changing call without the Origin check; the signed token authorises it and names the list: a ticket e-mail’s or assignment mail’s token (`<id>.<mac>`) turns ticket e-mails off (`{email: false}`), the overdue mail’s (`overdue.<id>.<mac>`) turns that staff member’s overdue mails off (`{assigned_overdue: false}`), the staff digest’s (`digest.<id>.<mac>`) sets that staff member’s `new_tickets` to `"none"` (`{new_tickets: "none"}`). Posting again changes nothing more. A form post answers a short page.',
    query: UnsubscribeQuerySchema,
    answers: {
      200: { description: 'That list is off.', schema: UnsubscribedAnswerSchema },
      ...refusals([400], badToken),
    },
  },
  {
    method: 'get',
    path: '/api/admin/mailbox',
    tag: 'staff',
    session: true,
    summary: '„Skrzynka”: the mails set aside in the support mailbox, newest first (staff)',
    description:
      'Read from the folder `Kontakt/Nieprzypisane` of the IMAP_URL mailbox, never from the database: at most 200, with `total`. `configured: false` without IMAP_URL. Admins’ list stream carries `event: mailbox` `{total}` whenever the folder changes.',
    answers: {
      200: { description: 'The mails and their reasons.', schema: MailboxListAnswerSchema },
      ...refusals([401, 403, 503], { 403: STAFF_ONLY, 503: UNREACHABLE }),
    },
  },
  {
    method: 'post',
    path: '/api/admin/mailbox/{id}/ticket',
    tag: 'staff',
    session: true,
    summary: 'Open a ticket for the sender of a set-aside mail (staff)',
    description:
      'The sender’s account, or a new guest account (§7.6), gets a ticket whose first message is the mail (attachments through the upload checks); the mail moves to `Kontakt/Przetworzone`. The same mail twice is one ticket.',
    pathParams: mailId,
    answers: {
      200: { description: 'The ticket.', schema: MailboxTicketAnswerSchema },
      ...refusals([400, 401, 403, 404, 409, 429, 503], {
        400: UNREADABLE,
        403: STAFF_ONLY,
        404: GONE,
        409: '`staff_address`: the sender is staff; a new mail never acts as staff (attach it instead).',
        503: UNREACHABLE,
      }),
    },
  },
  {
    method: 'post',
    path: '/api/admin/mailbox/{id}/attach',
    tag: 'staff',
    session: true,
    summary: 'Add a set-aside mail to a ticket as its customer’s message (staff)',
    description:
      'The ticket’s rules apply (closed or full refuses); a mail from another address than the customer’s is marked `email_sender: "unverified"`. The mail moves to `Kontakt/Przetworzone`.',
    pathParams: mailId,
    body: MailboxAttachBodySchema,
    answers: {
      200: { description: 'The message it became.', schema: MailboxAttachAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 404, 409, 429, 503], {
        400: UNREADABLE,
        403: `${STAFF_ONLY} Or \`ticket_closed\`.`,
        404: `${GONE} Or no such ticket.`,
        409: '`ticket_full`.',
        503: UNREACHABLE,
      }),
    },
  },
  {
    method: 'delete',
    path: '/api/admin/mailbox/{id}',
    tag: 'staff',
    session: true,
    summary: 'Move a set-aside mail to the mailbox’s trash (staff)',
    pathParams: mailId,
    answers: {
      204: { description: 'In the trash (the folder marked \\Trash, else `Trash`).' },
      ...refusals([401, 403, 404, 503], { 403: STAFF_ONLY, 404: GONE, 503: UNREACHABLE }),
    },
  },
];
