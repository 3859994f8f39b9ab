/** Route table: the staff workspace (DESIGN.md §7.2, issue 17). */
import {
  ResetSecondFactorsAnswerSchema,
  ResetSecondFactorsBodySchema,
} from '@studio/shared/account-lock';
import { PresenceBodySchema } from '@studio/shared/presence';
import {
  CustomerIdParamSchema,
  CustomerPanelAnswerSchema,
  DeletedSavedReplyAnswerSchema,
  SavedReplyBodySchema,
  SavedReplyIdParamSchema,
  SavedReplyListAnswerSchema,
  SavedReplyPatchSchema,
  SavedReplySchema,
  StaffListAnswerSchema,
  StatsAnswerSchema,
  StatsQuerySchema,
  TicketViewsAnswerSchema,
  TicketViewsQuerySchema,
} from '@studio/shared/staff';
import {
  TicketAnswerSchema,
  TicketAssigneeAnswerSchema,
  TicketAssigneeBodySchema,
  TicketIdParamSchema,
  TicketSubjectBodySchema,
} from '@studio/shared/tickets';
import type { ApiOperation } from './operation';
import { JSON_WRITE, refusals } from './operation';

const ticketId = { id: TicketIdParamSchema };
const replyId = { id: SavedReplyIdParamSchema };
const STAFF_ONLY = '`forbidden`: not staff (or a foreign `Origin`).';

export const staffOperations: ApiOperation[] = [
  {
    method: 'patch',
    path: '/api/tickets/{id}',
    tag: 'tickets',
    session: true,
    summary: 'Rename a ticket (its owner while open, or staff)',
    pathParams: ticketId,
    body: TicketSubjectBodySchema,
    answers: {
      200: { description: 'The ticket as the list shows it.', schema: TicketAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 404], {
        403: '`ticket_closed` (its owner, once closed), or a foreign `Origin`.',
      }),
    },
  },
  {
    method: 'patch',
    path: '/api/tickets/{id}/assignee',
    tag: 'staff',
    session: true,
    summary: 'Assign a ticket to an admin, or to nobody (staff); e-mails the new assignee',
    pathParams: ticketId,
    body: TicketAssigneeBodySchema,
    answers: {
      200: { description: 'The assignee now.', schema: TicketAssigneeAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 404], {
        400: '`validation_failed`: not an id, or not an admin (`not_admin`).',
        403: STAFF_ONLY,
      }),
    },
  },
  {
    method: 'post',
    path: '/api/tickets/{id}/presence',
    tag: 'staff',
    session: true,
    summary: 'Say that I view, type in or left a ticket (staff); lapses 30 s after the last call',
    description:
      'Every admin stream then carries `event: presence` (data: `PresenceEvent`) whenever the ticket’s list changes, a lapse included.',
    pathParams: ticketId,
    body: PresenceBodySchema,
    answers: {
      204: { description: 'Noted.' },
      ...refusals([...JSON_WRITE, 401, 404], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'get',
    path: '/api/admin/ticket-views',
    tag: 'staff',
    session: true,
    summary: 'How many tickets each staff tab holds, with the list search applied',
    query: TicketViewsQuerySchema,
    answers: {
      200: { description: 'The counts.', schema: TicketViewsAnswerSchema },
      ...refusals([400, 401, 403, 429], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'get',
    path: '/api/saved-replies',
    tag: 'staff',
    session: true,
    summary: 'The saved replies, by title (staff)',
    answers: {
      200: { description: 'All of them.', schema: SavedReplyListAnswerSchema },
      ...refusals([401, 403], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'post',
    path: '/api/saved-replies',
    tag: 'staff',
    session: true,
    summary: 'Save a reply (staff)',
    body: SavedReplyBodySchema,
    answers: {
      201: { description: 'Saved.', schema: SavedReplySchema },
      ...refusals([...JSON_WRITE, 401], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'patch',
    path: '/api/saved-replies/{id}',
    tag: 'staff',
    session: true,
    summary: 'Change a saved reply’s title or body (staff)',
    pathParams: replyId,
    body: SavedReplyPatchSchema,
    answers: {
      200: { description: 'The saved reply now.', schema: SavedReplySchema },
      ...refusals([...JSON_WRITE, 401, 404], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'delete',
    path: '/api/saved-replies/{id}',
    tag: 'staff',
    session: true,
    summary: 'Delete a saved reply (staff)',
    pathParams: replyId,
    answers: {
      200: { description: 'Deleted.', schema: DeletedSavedReplyAnswerSchema },
      ...refusals([401, 403, 404], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'get',
    path: '/api/admin/staff',
    tag: 'staff',
    session: true,
    summary: 'Every admin, for the assignment list (staff)',
    answers: {
      200: { description: 'The admins, by name.', schema: StaffListAnswerSchema },
      ...refusals([401, 403], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'get',
    path: '/api/admin/customers/{id}',
    tag: 'staff',
    session: true,
    summary: 'The customer panel beside a thread: account and tickets (staff)',
    pathParams: { id: CustomerIdParamSchema },
    answers: {
      200: { description: 'The customer.', schema: CustomerPanelAnswerSchema },
      ...refusals([401, 403, 404], { 403: STAFF_ONLY }),
    },
  },
  {
    method: 'post',
    path: '/api/admin/customers/{id}/reset-2fa',
    tag: 'staff',
    session: true,
    summary: "Reset a locked-out customer's second factors (staff)",
    description:
      "`confirm` is the customer's username or e-mail as the staff member typed it (any case). Turns off e-mail codes and the app, removes recovery codes and passkeys, ends every session, logs it with the staff member's id and mails the customer.",
    pathParams: { id: CustomerIdParamSchema },
    body: ResetSecondFactorsBodySchema,
    answers: {
      200: {
        description: 'Every second factor after (all off).',
        schema: ResetSecondFactorsAnswerSchema,
      },
      ...refusals([...JSON_WRITE, 401, 404], {
        400: '`validation_failed`: `confirm` does not name this account (nothing changed).',
        403: STAFF_ONLY,
      }),
    },
  },
  {
    method: 'get',
    path: '/api/admin/stats',
    tag: 'staff',
    session: true,
    summary:
      'Open and waiting counts, first-response and resolution times (also in business hours), created/closed per day, ratings, per agent (staff); `days=N` or `from=&to=` (Europe/Warsaw days, both included, at most 366)',
    query: StatsQuerySchema,
    answers: {
      200: { description: 'The statistics.', schema: StatsAnswerSchema },
      ...refusals([400, 401, 403], {
        400: '`validation_failed`: bad `days`, a broken, half, inverted or longer than 366 days range, or `days` beside `from`/`to`.',
        403: STAFF_ONLY,
      }),
    },
  },
  {
    method: 'get',
    path: '/api/admin/stats.csv',
    tag: 'staff',
    session: true,
    summary:
      'The same period as a CSV for Polish Excel: per day (data;utworzone;zamknięte), a blank line, per agent (staff)',
    query: StatsQuerySchema,
    answers: {
      200: {
        description:
          'UTF-8 with a BOM, `;`-separated, CRLF lines; a cell starting with = + - @ gets a leading apostrophe.',
        media: { type: 'text/csv', schema: { type: 'string' } },
        headers: {
          'Content-Disposition': 'attachment; filename="raport-<from>-<to>.csv"',
        },
      },
      ...refusals([400, 401, 403], {
        400: '`validation_failed`: as `GET /api/admin/stats`.',
        403: STAFF_ONLY,
      }),
    },
  },
];
