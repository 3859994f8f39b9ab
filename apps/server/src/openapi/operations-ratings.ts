/** Route table: satisfaction (DESIGN.md §7.9). */
import {
  RatingAnswerSchema,
  RatingBodySchema,
  RatingByLinkAnswerSchema,
  RatingByLinkBodySchema,
} from '@studio/shared/ratings';
import { TicketIdParamSchema } from '@studio/shared/tickets';
import { type ApiOperation, JSON_WRITE, refusals } from './operation';

export const ratingOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/tickets/{id}/rating',
    tag: 'tickets',
    session: true,
    summary: 'Rate a closed ticket (its owner); a later rating replaces the earlier one',
    description:
      '`comment` is optional, at most 1000 characters; blank means none. `{ticket}` of ' +
      '`GET /api/tickets/{id}` carries the rating as `rating`.',
    pathParams: { id: TicketIdParamSchema },
    body: RatingBodySchema,
    answers: {
      200: { description: 'The rating stored.', schema: RatingAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 404, 409], {
        403: '`forbidden`: staff (the rating is the customer’s), or a foreign `Origin`.',
        404: 'Not the caller’s ticket.',
        409: '`ticket_open`: the ticket is open.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/ratings/by-link',
    tag: 'tickets',
    session: false,
    summary: 'Rate a closed ticket from the closing e-mail’s link (no session)',
    description:
      'The token of the link names one ticket and its owner; the page the link opens posts the ' +
      'chosen score here (opening the link records nothing). A later rating replaces the earlier one.',
    body: RatingByLinkBodySchema,
    answers: {
      200: { description: 'The rating stored, and its ticket.', schema: RatingByLinkAnswerSchema },
      ...refusals([...JSON_WRITE, 409], {
        400: '`invalid_token` (forged, altered, or its ticket gone or no longer that owner’s) or `validation_failed`.',
        409: '`ticket_open`: the ticket was reopened.',
      }),
    },
  },
];
