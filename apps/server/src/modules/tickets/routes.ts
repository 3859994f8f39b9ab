import fastifyMultipart from '@fastify/multipart';
import {
  type CreatedTicketAnswer,
  type DeletedTicketAnswer,
  IdempotencyKeySchema,
  type PostedMessageAnswer,
  TicketIdParamSchema,
  type TicketListAnswer,
  TicketListQuerySchema,
  TicketStatusBodySchema,
  type TicketThreadAnswer,
} from '@studio/shared/tickets';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SnapshotCache } from '../../db/snapshot-cache';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { FileStorage } from '../../storage/storage';
import { requireUser } from '../auth/guards';
import { type Actor, mayManageTickets } from './service/rules';
import { createTicketsService } from './service/tickets-service';
import { readMessageUpload } from './upload';

const JSON_TYPE = 'application/json; charset=utf-8';

export function ticketIdParam(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!TicketIdParamSchema.safeParse(raw).success) throw notFound();
  return Number(raw);
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest('validation_failed', [{ path: 'Idempotency-Key', message: 'invalid' }]);
  }
  return parsed.data;
}

export const toActor = (user: { id: number; isAdmin: boolean }): Actor => ({
  id: user.id,
  isAdmin: user.isAdmin,
});

export async function ticketRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  // Limits are set per call in readMessageUpload; these are the outer bounds.
  await app.register(fastifyMultipart, { limits: { fileSize: 8 * 1024 * 1024, files: 5 } });
  const service = createTicketsService(app.deps, options.storage);

  // The list and threads are read far more often than they change.
  const reads = new SnapshotCache(app.deps.db);

  app.get('/api/tickets', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const query = parse(TicketListQuerySchema, request.query);
    const key = `list:${actor.id}:${actor.isAdmin}:${JSON.stringify(query)}`;
    const { json } = await reads.read(key, async (tx) => {
      const answer: TicketListAnswer = await service.listTickets({ actor, ...query }, tx);
      return { json: JSON.stringify(answer) };
    });
    return reply.type(JSON_TYPE).send(json);
  });

  app.post('/api/tickets', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const created: CreatedTicketAnswer = await service.createTicket({
      actor,
      idempotencyKey: idempotencyKey(request),
      prepare: () => readMessageUpload(request),
    });
    return reply.code(201).send(created);
  });

  app.get('/api/tickets/:id/messages', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const ticketId = ticketIdParam(request);
    const thread = await reads.read(
      `thread:${ticketId}:${actor.id}:${actor.isAdmin}`,
      async (tx) => {
        const { messages, newestId, readUpTo } = await service.readThread({ actor, ticketId }, tx);
        const answer: TicketThreadAnswer = { messages };
        return { json: JSON.stringify(answer), newestId, readUpTo };
      },
    );
    // Reading moves the viewer's marker to the newest message; written only when it moves.
    if (thread.newestId !== null && thread.readUpTo < thread.newestId) {
      await service.markRead({ actor, ticketId, messageId: thread.newestId });
    }
    return reply.type(JSON_TYPE).send(thread.json);
  });

  app.post('/api/tickets/:id/messages', async (request, reply) => {
    const actor = toActor(await requireUser(request, reply));
    const result: PostedMessageAnswer = await service.postMessage({
      actor,
      ticketId: ticketIdParam(request),
      idempotencyKey: idempotencyKey(request),
      prepare: () => readMessageUpload(request),
    });
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
}
