import fastifyMultipart from '@fastify/multipart';
import {
  type CreatedTicketAnswer,
  type DeletedTicketAnswer,
  IdempotencyKeySchema,
  MarkReadBodySchema,
  type PostedMessageAnswer,
  type TicketAnswer,
  type TicketListAnswer,
  TicketListQuerySchema,
  TicketStatusBodySchema,
  type TicketThreadAnswer,
  TicketThreadQuerySchema,
  type UnreadCountAnswer,
  type UnreadTotalAnswer,
} from '@studio/shared/tickets';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SnapshotCache } from '../../db/snapshot-cache';
import { badRequest, forbidden } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import type { FileStorage } from '../../storage/storage';
import { requireUser } from '../auth/index';
import { refuseOverQuota, UploadSlots } from '../files/index';
import { customerSearchRoute } from './customer-search-route';
import { ratingRoutes } from './ratings/index';
import type { NewMessageInput } from './service/context';
import { type Actor, mayManageTickets } from './service/rules';
import { createTicketsService } from './service/tickets-service';
import { staffTicketRoutes } from './staff-routes';
import { ticketIdParam, toActor } from './ticket-params';
import { readMessageUpload } from './upload';

const JSON_TYPE = 'application/json; charset=utf-8';

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest('validation_failed', [{ path: 'Idempotency-Key', message: 'invalid' }]);
  }
  return parsed.data;
}

export async function ticketRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  // Limits are set per call in readMessageUpload; these are the outer bounds.
  await app.register(fastifyMultipart, { limits: { fileSize: 8 * 1024 * 1024, files: 5 } });
  const service = createTicketsService(app.deps, options.storage);
  const { config } = app.deps;
  const uploadSlots = new UploadSlots(config.uploadsInFlightMax);

  /**
   * A message send whose files are admitted when the first one arrives (an
   * upload slot, then the quota) and whose slot is given back when the send
   * is over, stored or refused (finding 7).
   */
  async function withUpload<T>(
    request: FastifyRequest,
    actor: Actor,
    send: (prepare: () => Promise<NewMessageInput>) => Promise<T>,
  ): Promise<T> {
    let release = () => {};
    const prepare = () =>
      readMessageUpload(request, async () => {
        release = uploadSlots.acquire(actor.id);
        await refuseOverQuota(app.deps.db, actor, config.storageQuotaBytes, 0);
      });
    try {
      return await send(prepare);
    } finally {
      release();
    }
  }

  // The list and threads are read far more often than they change.
  const DUE_SLOT_MS = 15_000;
  const reads = new SnapshotCache(app.deps.db);

  app.get('/api/tickets', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const query = parse(TicketListQuerySchema, request.query);
    if (query.q?.trim()) await service.throttleSearch(actor, requestMeta(request).throttleAddress);
    // `overdue` and `?due` depend on the time as well as the data: a cached answer lives 15 s at most.
    const timeSlot = Math.floor(app.deps.clock.now().getTime() / DUE_SLOT_MS);
    const key = `list:${actor.id}:${actor.isAdmin}:${timeSlot}:${JSON.stringify(query)}`;
    const { json } = await reads.read(
      key,
      async (tx) => {
        const answer: TicketListAnswer = await service.listTickets({ actor, ...query }, tx);
        return { json: JSON.stringify(answer) };
      },
      service.listSettings({ actor, q: query.q }),
    );
    return reply.type(JSON_TYPE).send(json);
  });

  app.post('/api/tickets', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const created: CreatedTicketAnswer = await withUpload(request, actor, (prepare) =>
      service.createTicket({ actor, idempotencyKey: idempotencyKey(request), prepare }),
    );
    return reply.code(201).send(created);
  });

  app.get('/api/tickets/unread-count', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const { json } = await reads.read(`unread:${actor.id}:${actor.isAdmin}`, async (tx) => {
      const answer: UnreadTotalAnswer = { unread: await service.unreadTotal(tx, actor) };
      return { json: JSON.stringify(answer) };
    });
    return reply.type(JSON_TYPE).send(json);
  });

  app.get('/api/tickets/:id', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const ticketId = ticketIdParam(request);
    const answer: TicketAnswer = await service.getTicket({ actor, ticketId });
    return reply.send(answer);
  });

  app.get('/api/tickets/:id/messages', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const ticketId = ticketIdParam(request);
    const { before, limit, mark_read } = parse(TicketThreadQuerySchema, request.query);
    const thread = await reads.read(
      `thread:${ticketId}:${actor.id}:${actor.isAdmin}:${before ?? ''}:${limit}`,
      async (tx) => {
        const page = await service.readThread({ actor, ticketId, limit, before }, tx);
        const answer: TicketThreadAnswer = { messages: page.messages, has_more: page.hasMore };
        return { json: JSON.stringify(answer), newestId: page.newestId, readUpTo: page.readUpTo };
      },
    );
    // Without mark_read=false, reading moves the viewer's marker to the newest message answered,
    // as before §7.5 (finding 21: kept for older clients; the web app asks with mark_read=false
    // and POSTs /read). Written only when it moves.
    if (mark_read && thread.newestId !== null && thread.readUpTo < thread.newestId) {
      await service.markRead({ actor, ticketId, messageId: thread.newestId });
    }
    return reply.type(JSON_TYPE).send(thread.json);
  });

  app.post('/api/tickets/:id/read', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const ticketId = ticketIdParam(request);
    // Visibility first, so another user's ticket is 404 even with a bad body.
    await service.visibleTicket(actor, ticketId);
    const { up_to } = parse(MarkReadBodySchema, request.body);
    const answer: UnreadCountAnswer = await service.markReadUpTo({ actor, ticketId, upTo: up_to });
    return answer;
  });

  app.post('/api/tickets/:id/unread', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const answer: UnreadCountAnswer = await service.markUnread({
      actor,
      ticketId: ticketIdParam(request),
    });
    return answer;
  });

  app.post('/api/tickets/:id/messages', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const ticketId = ticketIdParam(request);
    const result: PostedMessageAnswer = await withUpload(request, actor, (prepare) =>
      service.postMessage({
        actor,
        ticketId,
        idempotencyKey: idempotencyKey(request),
        prepare,
        inHand: !request.isMultipart(),
      }),
    );
    return reply.code(201).send(result);
  });

  app.patch('/api/tickets/:id/status', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const ticketId = ticketIdParam(request);
    // Visibility first, so another user's ticket is 404 even with a bad body.
    await service.visibleTicket(actor, ticketId);
    if (!mayManageTickets(actor)) throw forbidden();
    const { status } = parse(TicketStatusBodySchema, request.body);
    return service.setStatus({ actor, ticketId, status });
  });

  app.delete('/api/tickets/:id', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    await service.deleteTicket({ actor, ticketId: ticketIdParam(request) });
    const answer: DeletedTicketAnswer = { ok: true };
    return answer;
  });

  staffTicketRoutes(app, service, reads);
  customerSearchRoute(app);
  await app.register(ratingRoutes, { visibleTicket: service.visibleTicket });
}
