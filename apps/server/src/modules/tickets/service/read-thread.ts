import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketAttachments, ticketMessages, ticketReads, users } from '../../../db/schema/index';
import { type TicketsContext, visibleTicket } from './context';
import { type FileDto, type MessageDto, toFileDto, toMessageDto } from './dto';
import type { Actor } from './rules';

/**
 * Oldest first, with the newest message's id and where the viewer's read
 * marker stands, so the caller can move the marker (markRead) when needed.
 */
export async function readThread(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number },
  database: Db = ctx.deps.db,
): Promise<{ messages: MessageDto[]; newestId: number | null; readUpTo: number }> {
  const ticket = await visibleTicket(ctx, input.actor, input.ticketId, database);
  const rows = await database
    .select({
      id: ticketMessages.id,
      authorId: ticketMessages.authorId,
      isAdmin: ticketMessages.authorIsAdmin,
      body: ticketMessages.body,
      createdAt: ticketMessages.createdAt,
      username: users.username,
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, ticket.id))
    .orderBy(asc(ticketMessages.id));
  // By ticket (indexed), not by a list of 200 message ids.
  const files = await database
    .select()
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticket.id))
    .orderBy(asc(ticketAttachments.messageId), asc(ticketAttachments.position));
  const [marker] = await database
    .select({ id: ticketReads.lastReadMessageId })
    .from(ticketReads)
    .where(and(eq(ticketReads.ticketId, ticket.id), eq(ticketReads.userId, input.actor.id)));
  const byMessage = new Map<number, FileDto[]>();
  for (const f of files) {
    const list = byMessage.get(f.messageId) ?? [];
    list.push(toFileDto(f));
    byMessage.set(f.messageId, list);
  }
  return {
    messages: rows.map((r) =>
      toMessageDto({ ...r, ticketId: ticket.id, files: byMessage.get(r.id) ?? [] }),
    ),
    newestId: rows.at(-1)?.id ?? null,
    readUpTo: marker?.id ?? 0,
  };
}
