/** Route table: tickets, their messages and files, and the live streams. */

import { MAX_FILE_BYTES, MAX_FILES_PER_MESSAGE, MESSAGE_BODY_MAX } from '@studio/shared/limits';
import { PresenceEventSchema } from '@studio/shared/presence';
import {
  CreatedTicketAnswerSchema,
  DeletedTicketAnswerSchema,
  FileIdParamSchema,
  IdempotencyKeySchema,
  MarkReadBodySchema,
  PostedMessageAnswerSchema,
  TicketAnswerSchema,
  TicketIdParamSchema,
  TicketListAnswerSchema,
  TicketListEventSchema,
  TicketListQuerySchema,
  TicketStatusAnswerSchema,
  TicketStatusBodySchema,
  TicketThreadAnswerSchema,
  TicketThreadEventSchema,
  TicketThreadQuerySchema,
  UnreadCountAnswerSchema,
  UnreadTotalAnswerSchema,
} from '@studio/shared/tickets';
import type { ApiOperation, JsonSchema } from './operation';
import { JSON_WRITE, refusals } from './operation';

const ticketId = { id: TicketIdParamSchema };

const MESSAGE_TEXT: JsonSchema = { type: 'string', maxLength: MESSAGE_BODY_MAX };
/** Text and up to five files (field `images`, repeated), as the contact form sends them. */
const messageUpload = {
  byMediaType: {
    'multipart/form-data': {
      type: 'object',
      properties: {
        body: MESSAGE_TEXT,
        internal: {
          type: 'string',
          enum: ['true', 'false'],
          description: '`true`: an internal note, staff only (a customer gets 403 `forbidden`).',
        },
        customer_email: {
          type: 'string',
          format: 'email',
          description:
            "Staff only (a customer gets 403 `forbidden`): the ticket is this customer's, an unknown address becomes a guest account (DESIGN.md §7.9); the first message is the staff member's and is e-mailed to the customer. 409 `staff_address` for a staff member's address.",
        },
        customer_name: {
          type: 'string',
          maxLength: 100,
          description:
            'With `customer_email`: the name of a new guest, shown to staff beside the ticket.',
        },
        images: {
          type: 'array',
          maxItems: MAX_FILES_PER_MESSAGE,
          description: `Images, PDF or text, each at most ${MAX_FILE_BYTES} bytes; the type is read from the bytes.`,
          items: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    },
    'application/json': {
      type: 'object',
      description: 'A text-only message (scripts).',
      properties: {
        body: MESSAGE_TEXT,
        internal: { type: 'boolean' },
        customer_email: { type: 'string', format: 'email' },
        customer_name: { type: 'string', maxLength: 100 },
      },
    },
  },
};

const idempotencyKey = {
  'Idempotency-Key': {
    schema: IdempotencyKeySchema.optional(),
    description: 'A retry with the same key answers the first result instead of writing twice.',
  },
};

const uploadRefusals = refusals([...JSON_WRITE, 401, 413, 415, 429, 503], {
  400: '`validation_failed` (empty or too long text, bad key) or `too_many_files`.',
  413: "`file_too_large`, or `quota_exceeded` (the owner's storage quota).",
  415: "`unsupported_file_type` (with `details: {reason: 'macro'}` for docm, xlsm, pptm or any VBA project), or `unsupported_media_type` for the request itself.",
});

const eventStream = (events: string): ApiOperation['answers'][number] => ({
  description: `\`text/event-stream\`: a heartbeat comment every ~25 s and ${events}. Reconnects send \`Last-Event-ID\`.`,
  media: { type: 'text/event-stream', schema: { type: 'string' } },
});

const fileAnswer = (what: string): ApiOperation['answers'][number] => ({
  description: `${what}, with the type detected from its bytes; \`ETag\`, \`Range\` and \`If-None-Match\` supported (206, 304, 416).`,
  media: { type: '*/*', schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
});

/** Schemas the document lists under `components.schemas` though no answer body uses them. */
export const eventSchemas = {
  PresenceEvent: PresenceEventSchema,
  TicketListEvent: TicketListEventSchema,
  TicketThreadEvent: TicketThreadEventSchema,
};

export const ticketOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/tickets',
    tag: 'tickets',
    session: true,
    summary: 'My tickets (all tickets for staff), newest activity first',
    query: TicketListQuerySchema,
    answers: {
      200: { description: 'One page of the list.', schema: TicketListAnswerSchema },
      ...refusals([400, 401, 403, 429], {
        403: '`forbidden`: a customer used a staff-only parameter (`awaiting`, `assignee`, `due`, `dir`, or `sort` other than `activity`).',
        429: '`rate_limited`: too many searches (`q`).',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/tickets',
    tag: 'tickets',
    session: true,
    summary: 'Open a ticket with its first message',
    headers: idempotencyKey,
    body: messageUpload,
    answers: {
      201: { description: 'Created.', schema: CreatedTicketAnswerSchema },
      ...uploadRefusals,
      ...refusals([409, 429], {
        409: "`staff_address`: `customer_email` is a staff member's.",
        429: '`rate_limited` with `Retry-After`: 10 new tickets an hour for a customer, 120 for each staff member (their own budget, callers’ tickets included); 60 messages a minute.',
      }),
    },
  },
  {
    method: 'get',
    path: '/api/tickets/{id}/messages',
    tag: 'tickets',
    session: true,
    summary:
      'The newest page of a thread (or the page before `before`), oldest first; marks read unless `mark_read=false`',
    pathParams: ticketId,
    query: TicketThreadQuerySchema,
    answers: {
      200: {
        description: 'One page of the thread and `has_more`.',
        schema: TicketThreadAnswerSchema,
      },
      ...refusals([400, 401, 404]),
    },
  },
  {
    method: 'get',
    path: '/api/tickets/{id}',
    tag: 'tickets',
    session: true,
    summary: 'One ticket as the list shows it (deep links)',
    pathParams: ticketId,
    answers: {
      200: { description: 'The ticket.', schema: TicketAnswerSchema },
      ...refusals([401, 404]),
    },
  },
  {
    method: 'get',
    path: '/api/tickets/unread-count',
    tag: 'tickets',
    session: true,
    summary: 'My unread messages across all tickets',
    answers: {
      200: { description: 'The total.', schema: UnreadTotalAnswerSchema },
      ...refusals([401]),
    },
  },
  {
    method: 'post',
    path: '/api/tickets/{id}/read',
    tag: 'tickets',
    session: true,
    summary: 'Move my read marker forward to a message (never backwards)',
    pathParams: ticketId,
    body: MarkReadBodySchema,
    answers: {
      200: { description: 'Unread messages left in the ticket.', schema: UnreadCountAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 404]),
    },
  },
  {
    method: 'post',
    path: '/api/tickets/{id}/unread',
    tag: 'tickets',
    session: true,
    summary: 'Mark the newest message from the other side unread again',
    pathParams: ticketId,
    answers: {
      200: { description: 'Unread messages in the ticket.', schema: UnreadCountAnswerSchema },
      ...refusals([401, 403, 404]),
    },
  },
  {
    method: 'post',
    path: '/api/tickets/{id}/messages',
    tag: 'tickets',
    session: true,
    summary: 'Write in a ticket',
    pathParams: ticketId,
    headers: idempotencyKey,
    body: messageUpload,
    answers: {
      201: { description: 'Written.', schema: PostedMessageAnswerSchema },
      ...uploadRefusals,
      ...refusals([403, 404, 409], {
        403: '`ticket_closed` (customers), `forbidden` (a customer sending `internal=true`), or a foreign `Origin`.',
        409: '`ticket_full`: the ticket holds the most messages it may.',
      }),
    },
  },
  {
    method: 'patch',
    path: '/api/tickets/{id}/status',
    tag: 'tickets',
    session: true,
    summary: 'Close or reopen a ticket (staff)',
    pathParams: ticketId,
    body: TicketStatusBodySchema,
    answers: {
      200: { description: 'The new status.', schema: TicketStatusAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 404], {
        403: '`forbidden`: not staff, or a foreign `Origin`.',
      }),
    },
  },
  {
    method: 'delete',
    path: '/api/tickets/{id}',
    tag: 'tickets',
    session: true,
    summary: 'Delete a ticket with its messages and files (staff)',
    pathParams: ticketId,
    answers: {
      200: { description: 'Deleted.', schema: DeletedTicketAnswerSchema },
      ...refusals([401, 403, 404]),
    },
  },
  {
    method: 'get',
    path: '/api/files/{id}',
    tag: 'files',
    session: true,
    summary: 'An attachment (owner of the ticket and staff only)',
    pathParams: { id: FileIdParamSchema },
    answers: { 200: fileAnswer('The file'), ...refusals([401, 404]) },
  },
  {
    method: 'get',
    path: '/api/files/{id}/thumbnail',
    tag: 'files',
    session: true,
    summary: 'The WebP thumbnail of an image attachment',
    pathParams: { id: FileIdParamSchema },
    answers: { 200: fileAnswer('The thumbnail'), ...refusals([401, 404]) },
  },
  {
    method: 'get',
    path: '/api/stream/tickets',
    tag: 'stream',
    session: true,
    summary: 'Live changes of my ticket list',
    answers: {
      200: eventStream(
        'events `ticket` (data: `TicketListEvent`); for staff also `mailbox` and `presence` (data: `PresenceEvent`)',
      ),
      ...refusals([401, 429]),
    },
  },
  {
    method: 'get',
    path: '/api/stream/tickets/{id}/messages',
    tag: 'stream',
    session: true,
    summary: 'Live changes of one thread',
    pathParams: ticketId,
    answers: {
      200: eventStream(
        'events `message` (data: `TicketThreadEvent`); for staff also `presence` of this ticket',
      ),
      ...refusals([401, 404, 429]),
    },
  },
];
