import {
  type RatingAnswer,
  RatingBodySchema,
  type RatingByLinkAnswer,
  RatingByLinkBodySchema,
} from '@studio/shared/ratings';
import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { parse } from '../../../lib/validate';
import { requireUser } from '../../auth/index';
import { readRatingLinkToken } from '../../notifications/index';
import type { Actor } from '../service/rules';
import { ticketIdParam, toActor } from '../ticket-params';
import { rateTicket } from './rate-ticket';

/**
 * Satisfaction (DESIGN.md §7.9): the owner rates a closed ticket from the
 * thread (a session) or from the closing e-mail's link (a token, no session:
 * a guest has no password to sign in with).
 */
export async function ratingRoutes(
  app: FastifyInstance,
  options: {
    /** The tickets module's visibility rule: the ticket, or 404 for one the actor may not see. */
    visibleTicket: (actor: Actor, ticketId: number) => Promise<{ ownerId: number }>;
  },
) {
  const { deps } = app;

  app.post('/api/tickets/:id/rating', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const ticketId = ticketIdParam(request);
    // As on every ticket route: another customer's ticket is 404; staff see it but it is not theirs to rate.
    const ticket = await options.visibleTicket(actor, ticketId);
    if (ticket.ownerId !== actor.id) throw forbidden();
    const { score, comment } = parse(RatingBodySchema, request.body);
    const rated = await rateTicket(deps, { ticketId, ownerId: actor.id, score, comment });
    if (!rated) throw notFound();
    const answer: RatingAnswer = { rating: rated.rating };
    return answer;
  });

  // The rating page posts here when the person presses the button; opening the link records nothing.
  app.post('/api/ratings/by-link', async (request) => {
    const { token, score, comment } = parse(RatingByLinkBodySchema, request.body);
    const named = readRatingLinkToken(deps.config, token);
    if (!named) throw badRequest('invalid_token');
    const rated = await rateTicket(deps, { ...named, score, comment });
    // The ticket was deleted or changed hands since the mail: the link no longer rates anything.
    if (!rated) throw badRequest('invalid_token');
    const answer: RatingByLinkAnswer = rated;
    return answer;
  });
}
