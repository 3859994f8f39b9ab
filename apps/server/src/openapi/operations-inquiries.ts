/** Route table: writing to the studio without an account (DESIGN.md §7.6). */
import {
  InquiryAcceptedAnswerSchema,
  InquiryConfirmedAnswerSchema,
  InquiryConfirmSchema,
  InquirySchema,
} from '@studio/shared/inquiries';
import { type ApiOperation, JSON_WRITE, refusals } from './operation';

export const inquiryOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/inquiries',
    tag: 'tickets',
    session: false,
    summary: 'Write without an account: e-mails a confirmation link (24 h)',
    description:
      'Answers 202 whatever the address. `website` (honeypot) must be empty when sent and ' +
      '`form_ms` (how long the form was open) at least 3000 when sent; otherwise the call is ' +
      'answered 202 and dropped. A call with just the four required fields is processed.',
    body: InquirySchema,
    answers: {
      202: { description: 'Accepted.', schema: InquiryAcceptedAnswerSchema },
      ...refusals([...JSON_WRITE, 429, 502], {
        400: '`validation_failed` (also when `accept_terms` is not `true`).',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/inquiries/confirm',
    tag: 'tickets',
    session: false,
    summary: 'Confirm an inquiry from its e-mailed link: it becomes one ticket',
    description:
      'Owned by the account with that address, or by a new guest account without a password. ' +
      'Confirming again answers the same ticket.',
    body: InquiryConfirmSchema,
    answers: {
      200: { description: 'The ticket the inquiry became.', schema: InquiryConfirmedAnswerSchema },
      ...refusals([...JSON_WRITE, 429], {
        400: '`invalid_token` (unknown or expired link) or `validation_failed`.',
      }),
    },
  },
];
