import { PresenceBodySchema } from '@studio/shared/presence';
import { TicketIdParamSchema } from '@studio/shared/tickets';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { FileStorage } from '../../storage/storage';
import { requireAdmin } from '../auth/index';
import { createTicketsService } from '../tickets/index';
import { PresenceReporter } from './report-presence';

/**
 * `POST /api/tickets/:id/presence` (DESIGN.md §7.9): a staff member says they
 * view, type in or left a ticket. The stream module turns the reports into
 * `event: presence` on every admin's stream.
 */
export async function presenceRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  const service = createTicketsService(app.deps, options.storage);
  const reporter = new PresenceReporter(app.deps.bus, app.deps.clock, (err) =>
    app.log.warn({ err }, 'presence report not published'),
  );
  app.addHook('onClose', async () => reporter.stop());

  app.post('/api/tickets/:id/presence', async (request, reply) => {
    // Staff only, before anything about the ticket: a customer learns nothing (403).
    const user = await requireAdmin(request, reply);
    const raw = (request.params as { id?: string }).id ?? '';
    if (!TicketIdParamSchema.safeParse(raw).success) throw notFound();
    const ticketId = Number(raw);
    await service.visibleTicket({ id: user.id, isAdmin: true }, ticketId);
    const { state } = parse(PresenceBodySchema, request.body);
    reporter.report({ ticketId, userId: user.id, username: user.username, state });
    return reply.code(204).send();
  });
}
