import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../storage/storage';
import { currentSession } from '../auth/index';
import { createTicketsService } from '../tickets/index';
import { StreamHub } from './hub';

/** Clients wait 3–6 s before reconnecting, spread out so a restart is not a stampede. */
export function retryWithJitter(): number {
  return 3000 + Math.floor(Math.random() * 3000);
}

function lastEventId(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as { lastEventId?: string } | undefined)?.lastEventId;
  const raw = typeof header === 'string' ? header : query;
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export async function streamRoutes(
  app: FastifyInstance,
  options: { storage: FileStorage; watchOpenStreams?: (read: () => number) => void },
) {
  const hub = new StreamHub(app.deps.db, app.deps.bus, app.deps.clock, app.deps.config.streams);
  options.watchOpenStreams?.(() => hub.size);
  await hub.start();
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    await hub.stop();
  });
  const service = createTicketsService(app.deps, options.storage);

  const open = async (request: FastifyRequest, reply: FastifyReply, ticketId: number | null) => {
    const auth = await currentSession(request, reply);
    if (!auth) throw new AppError(401, 'unauthorized');
    const viewer = { userId: auth.user.id, isAdmin: auth.user.isAdmin, sessionId: auth.sessionId };
    if (ticketId !== null)
      await service.visibleTicket({ id: viewer.userId, isAdmin: viewer.isAdmin }, ticketId);
    const refusal = hub.refusal(viewer);
    if (refusal) throw refusal;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    res.write(`retry: ${retryWithJitter()}\n\n`);
    try {
      await hub.open({ viewer, ticketId, res, lastEventId: lastEventId(request) });
    } catch (error) {
      request.log.error({ err: error }, 'stream replay failed');
      res.end();
    }
  };

  app.get('/api/stream/tickets', (request, reply) => open(request, reply, null));
  app.get('/api/stream/tickets/:id/messages', async (request, reply) => {
    const raw = (request.params as { id: string }).id;
    if (!/^\d{1,10}$/.test(raw)) throw new AppError(404, 'not_found');
    return open(request, reply, Number(raw));
  });
}
