/** Route table: the e-mail channel (DESIGN §7.1). */
import { UnsubscribedAnswerSchema, UnsubscribeQuerySchema } from '@studio/shared/email-channel';
import { type ApiOperation, refusals } from './operation';

const badToken = { 400: '`invalid_token`: not a token of ours.' };

export const emailOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/notifications/unsubscribe',
    tag: 'profile',
    session: false,
    summary: 'The page behind a ticket e-mail’s unsubscribe link: a button, nothing changed yet',
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
    summary: 'One-click unsubscribe (RFC 8058): turns ticket e-mails off for the token’s user',
    description:
      'Mail programs post `List-Unsubscribe=One-Click` as a form from their own servers, so this is the one state-changing call without the Origin check; the signed token authorises it. A form post answers a short page, any other `{email: false}`.',
    query: UnsubscribeQuerySchema,
    answers: {
      200: { description: 'Ticket e-mails are off.', schema: UnsubscribedAnswerSchema },
      ...refusals([400], badToken),
    },
  },
];
