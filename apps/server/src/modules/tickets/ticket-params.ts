import { TicketIdParamSchema } from '@studio/shared/tickets';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors';
import type { Actor } from './service/rules';

export function ticketIdParam(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!TicketIdParamSchema.safeParse(raw).success) throw notFound();
  return Number(raw);
}

export const toActor = (user: { id: number; isAdmin: boolean }): Actor => ({
  id: user.id,
  isAdmin: user.isAdmin,
});
