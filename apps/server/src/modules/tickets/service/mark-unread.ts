import type { UnreadCountAnswer } from '@studio/shared/tickets';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ticketMessages, ticketReads } from '../../../db/schema/index';
import { type TicketsContext, visibleTicket } from './context';
import type { Actor } from './rules';
import { unreadInTicket } from './unread';

/**
 * `POST /api/tickets/:id/unread` („Oznacz jako nieprzeczytane”, DESIGN.md
 * §7.5): the newest message someone else wrote becomes unread again. The
 * marker only ever moves back here, so messages already unread stay unread.
 */
export async function markUnread(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number },
): Promise<UnreadCountAnswer> {
  const { db } = ctx.deps;
  const ticket = await visibleTicket(ctx, input.actor, input.ticketId);
  const [newest] = await db
    .select({ id: ticketMessages.id })
    .from(ticketMessages)
    .where(
      and(
        eq(ticketMessages.ticketId, ticket.id),
        sql`${ticketMessages.authorId} is distinct from ${input.actor.id}`,
        // For a customer the newest message is the newest public one: notes do not exist.
        ...(input.actor.isAdmin ? [] : [eq(ticketMessages.internal, false)]),
      ),
    )
    .orderBy(desc(ticketMessages.id))
    .limit(1);
  if (newest) {
    const justBefore = newest.id - 1;
    await db
      .insert(ticketReads)
      .values({ ticketId: ticket.id, userId: input.actor.id, lastReadMessageId: justBefore })
      .onConflictDoUpdate({
        target: [ticketReads.ticketId, ticketReads.userId],
        set: {
          lastReadMessageId: sql`least(${ticketReads.lastReadMessageId}, ${justBefore})`,
        },
      });
  }
  return { unread_count: await unreadInTicket(db, input.actor, ticket.id) };
}
