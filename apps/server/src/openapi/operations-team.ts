/** Route table: „Zespół” and the staff's own ticket e-mails (issue 31). */
import {
  StaffNotificationsSchema,
  TeamAnswerSchema,
  TeamGrantBodySchema,
  TeamIdParamSchema,
  TeamMemberAnswerSchema,
} from '@studio/shared/team';
import type { ApiOperation } from './operation';
import { JSON_WRITE, refusals } from './operation';

const STAFF_ONLY = '`forbidden`: not staff (or a foreign `Origin`).';

export const teamOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/admin/team',
    tag: 'staff',
    session: true,
    summary: 'Staff with their addresses and where their latest grant came from (staff)',
    answers: {
      200: { description: 'Staff, by username.', schema: TeamAnswerSchema },
      ...refusals([401, 403], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'post',
    path: '/api/admin/team',
    tag: 'staff',
    session: true,
    summary:
      'Make the account with this e-mail address staff (staff); logged and mailed to the person, like `npm run admin -- grant`',
    body: TeamGrantBodySchema,
    answers: {
      201: { description: 'The new staff member.', schema: TeamMemberAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 404, 409], {
        403: STAFF_ONLY,
        404: '`account_not_found`: no account (or only a guest account) has this address.',
        409: '`already_staff`.',
      }),
    },
  },
  {
    method: 'delete',
    path: '/api/admin/team/{id}',
    tag: 'staff',
    session: true,
    summary:
      'Take staff rights away (staff); their sessions lose them on the next request; logged and mailed to the person',
    pathParams: { id: TeamIdParamSchema },
    answers: {
      204: { description: 'No longer staff.' },
      ...refusals([401, 403, 404, 409], {
        403: STAFF_ONLY,
        404: '`not_found`: not staff, or no such account.',
        409: '`cannot_revoke_self` (one’s own rights) or `last_admin` (the workspace keeps one).',
      }),
    },
  },
  {
    method: 'get',
    path: '/api/profile/staff-notifications',
    tag: 'staff',
    session: true,
    summary: 'Which ticket e-mails I get as staff: new tickets each, grouped or none; overdue',
    answers: {
      200: {
        description: 'The choice (default: digest, overdue on).',
        schema: StaffNotificationsSchema,
      },
      ...refusals([401, 403], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'put',
    path: '/api/profile/staff-notifications',
    tag: 'staff',
    session: true,
    summary: 'Choose which ticket e-mails I get as staff',
    body: StaffNotificationsSchema,
    answers: {
      200: { description: 'The choice as stored.', schema: StaffNotificationsSchema },
      ...refusals([...JSON_WRITE, 401], { 403: STAFF_ONLY }),
    },
  },
];
