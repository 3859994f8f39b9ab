/** Route table: tickets for callers and staff signatures (DESIGN.md §7.9, issue 31). */
import { CustomerSearchAnswerSchema, CustomerSearchQuerySchema } from '@studio/shared/callers';
import {
  ReplySignatureAnswerSchema,
  ReplySignatureBodySchema,
} from '@studio/shared/reply-signature';
import type { ApiOperation } from './operation';
import { JSON_WRITE, refusals } from './operation';

const STAFF_ONLY = '`forbidden`: not staff (or a foreign `Origin`).';

export const callerOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/admin/customers',
    tag: 'staff',
    session: true,
    summary:
      'Customers whose username or e-mail address begins with `q`, at most 8 (staff; the picker of a ticket for a caller)',
    query: CustomerSearchQuerySchema,
    answers: {
      200: { description: 'The matches, by username.', schema: CustomerSearchAnswerSchema },
      ...refusals([400, 401, 403], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'get',
    path: '/api/profile/signature',
    tag: 'staff',
    session: true,
    summary: 'My signature under public replies (staff); empty when none',
    answers: {
      200: { description: 'The signature.', schema: ReplySignatureAnswerSchema },
      ...refusals([401, 403], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'put',
    path: '/api/profile/signature',
    tag: 'staff',
    session: true,
    summary:
      'Set my signature (staff, at most 500 characters; empty removes it). It is added below every public reply I send, not below notes.',
    body: ReplySignatureBodySchema,
    answers: {
      200: { description: 'The signature as stored.', schema: ReplySignatureAnswerSchema },
      ...refusals([...JSON_WRITE, 401], { 403: STAFF_ONLY }),
    },
  },
];
