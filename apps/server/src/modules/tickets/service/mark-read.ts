import { sql } from 'drizzle-orm';
import { ticketReads } from '../../../db/schema/index';
import type { TicketsContext } from './context';
import type { Actor } from './rules';

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
