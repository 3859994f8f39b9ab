/** Route table: „Stan systemu” and „Pierwsze kroki” (DESIGN.md §7.12, issue 32). */
import { FirstRunAnswerSchema, TestMailAnswerSchema } from '@studio/shared/first-run';
import { StatusAnswerSchema } from '@studio/shared/status';
import type { ApiOperation } from './operation';
import { refusals } from './operation';

const ADMINS_ONLY = '`forbidden`: not an admin (or a foreign `Origin`).';

export const statusOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/admin/status',
    tag: 'staff',
    session: true,
    summary: '„Stan systemu”: version, start time and each check green, amber or red (admins)',
    answers: {
      200: {
        description: 'Each check that applies, with a Polish sentence on what to do.',
        schema: StatusAnswerSchema,
      },
      ...refusals([401, 403], { 403: ADMINS_ONLY }),
    },
  },
  {
    method: 'get',
    path: '/api/admin/first-run',
    tag: 'staff',
    session: true,
    summary: '„Pierwsze kroki”: which setup steps of a new installation are done (admins)',
    answers: {
      200: { description: 'The steps and whether all are done.', schema: FirstRunAnswerSchema },
      ...refusals([401, 403], { 403: ADMINS_ONLY }),
    },
  },
  {
    method: 'post',
    path: '/api/admin/status/test-mail',
    tag: 'staff',
    session: true,
    summary: '„Wyślij e-mail próbny”: a mail to the admin, sent now (admins)',
    description:
      'A refusal by the mail server is answered 200 with `sent: false` and its reason; the first success completes the `mail_out_tested` step.',
    answers: {
      200: { description: 'Sent, or why not.', schema: TestMailAnswerSchema },
      ...refusals([401, 403], { 403: ADMINS_ONLY }),
    },
  },
];
