import type { UnreadCountAnswer } from '@studio/shared/tickets';
import { and, eq, sql } from 'drizzle-orm';
import { ticketMessages, ticketReads } from '../../../db/schema/index';
import { badRequest } from '../../../lib/errors';
import { type TicketsContext, visibleTicket } from './context';
import type { Actor } from './rules';
import { unreadInTicket } from './unread';

/** Moves the viewer's read marker forward to `messageId` (never back). */
export async function markRead(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number; messageId: number },
) {
  await ctx.deps.db
    .insert(ticketReads)
    .values({
      ticketId: input.ticketId,
      userId: input.actor.id,
      lastReadMessageId: input.messageId,
    })
    .onConflictDoUpdate({
      target: [ticketReads.ticketId, ticketReads.userId],
      set: {
        lastReadMessageId: sql`greatest(${ticketReads.lastReadMessageId}, ${input.messageId})`,
      },
    });
}

/**
 * `POST /api/tickets/:id/read {up_to}` (DESIGN.md §7.5): the web app reports
 * the newest message that was on screen. It must be a message of this ticket:
 * a marker set past the newest message would hide replies not yet written.
 */
export async function markReadUpTo(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number; upTo: number },
): Promise<UnreadCountAnswer> {
  const ticket = await visibleTicket(ctx, input.actor, input.ticketId);
  const [message] = await ctx.deps.db
    .select({ id: ticketMessages.id })
    .from(ticketMessages)
    .where(
      and(
        eq(ticketMessages.ticketId, ticket.id),
        eq(ticketMessages.id, input.upTo),
        // A customer cannot name a note: probing ids must not reveal one exists.
        ...(input.actor.isAdmin ? [] : [eq(ticketMessages.internal, false)]),
      ),
    );
  if (!message) {
    throw badRequest('validation_failed', [{ path: 'up_to', message: 'not_in_ticket' }]);
  }
  await markRead(ctx, { actor: input.actor, ticketId: ticket.id, messageId: message.id });
  return { unread_count: await unreadInTicket(ctx.deps.db, input.actor, ticket.id) };
}
