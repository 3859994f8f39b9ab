import { type TicketViewsAnswer, TicketViewsQuerySchema } from '@studio/shared/staff';
import {
  type TicketAnswer,
  type TicketAssigneeAnswer,
  TicketAssigneeBodySchema,
  TicketSubjectBodySchema,
} from '@studio/shared/tickets';
import type { FastifyInstance } from 'fastify';
import type { SnapshotCache } from '../../db/snapshot-cache';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { requireAdmin, requireUser } from '../auth/index';
import type { TicketsService } from './service/tickets-service';
import { ticketIdParam, toActor } from './ticket-params';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The staff workspace's ticket calls (DESIGN.md §7.2): subject, assignee, tab counts. */
export function staffTicketRoutes(
  app: FastifyInstance,
  service: TicketsService,
  reads: SnapshotCache,
) {
  app.patch('/api/tickets/:id', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const ticketId = ticketIdParam(request);
    // Visibility first, so another user's ticket is 404 even with a bad body.
    await service.visibleTicket(actor, ticketId);
    const { subject } = parse(TicketSubjectBodySchema, request.body);
    const answer: TicketAnswer = await service.renameTicket({ actor, ticketId, subject });
    return answer;
  });

  app.patch('/api/tickets/:id/assignee', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const ticketId = ticketIdParam(request);
    await service.visibleTicket(actor, ticketId);
    await requireAdmin(request, reply);
    const { assignee_id } = parse(TicketAssigneeBodySchema, request.body);
    const answer: TicketAssigneeAnswer = await service.assignTicket({
      actor,
      ticketId,
      assigneeId: assignee_id,
    });
    return answer;
  });

  app.get('/api/admin/ticket-views', async (request, reply) => {
    const actor = toActor(await requireAdmin(request, reply));
    const { q } = parse(TicketViewsQuerySchema, request.query);
    if (q?.trim()) await service.throttleSearch(actor, requestMeta(request).throttleAddress);
    // The due counts depend on the time as well as the data: a cached answer lives 15 s at most.
    const timeSlot = Math.floor(app.deps.clock.now().getTime() / 15_000);
    const { json } = await reads.read(
      `views:${actor.id}:${timeSlot}:${q ?? ''}`,
      async (tx) => {
        const answer: TicketViewsAnswer = await service.ticketViews({ actor, q }, tx);
        return { json: JSON.stringify(answer) };
      },
      service.ticketViewsSettings({ q }),
    );
    return reply.type(JSON_TYPE).send(json);
  });
}
