import { and, asc, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ticketAttachments, ticketMessages, ticketReads, users } from '../../../db/schema/index';
import { type TicketsContext, visibleTicket } from './context';
import { type FileDto, type MessageDto, toFileDto, toMessageDto } from './dto';
import type { Actor } from './rules';

/**
 * One page of a thread (finding 4: a thread is never read whole): the `limit`
 * newest messages, or those before the message id `before`, answered oldest
 * first. `hasMore` says an older page exists. Also the page's newest id and
 * where the viewer's read marker stands, so the caller can move the marker.
 */
export async function readThread(
  ctx: TicketsContext,
  input: { actor: Actor; ticketId: number; limit: number; before?: number },
  database: Db = ctx.deps.db,
): Promise<{
  messages: MessageDto[];
  hasMore: boolean;
  newestId: number | null;
  readUpTo: number;
}> {
  const ticket = await visibleTicket(ctx, input.actor, input.ticketId, database);
  const conditions: SQL[] = [eq(ticketMessages.ticketId, ticket.id)];
  if (input.before !== undefined) conditions.push(lt(ticketMessages.id, input.before));
  // A customer's pages are cut from public messages only, so paging reveals no note either.
  if (!input.actor.isAdmin) conditions.push(eq(ticketMessages.internal, false));
  // Newest first on the (ticket_id, id) index, one row more than asked to learn `hasMore`.
  const rows = await database
    .select({
      id: ticketMessages.id,
      authorId: ticketMessages.authorId,
      isAdmin: ticketMessages.authorIsAdmin,
      body: ticketMessages.body,
      createdAt: ticketMessages.createdAt,
      internal: ticketMessages.internal,
      emailSender: ticketMessages.emailSender,
      username: users.username,
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(and(...conditions))
    .orderBy(desc(ticketMessages.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit).reverse();
  const oldest = page[0]?.id;
  const newest = page.at(-1)?.id;
  const byMessage = new Map<number, FileDto[]>();
  if (oldest !== undefined && newest !== undefined) {
    // The page's id range within the ticket: the attachments of these messages only.
    const files = await database
      .select()
      .from(ticketAttachments)
      .where(
        and(
          eq(ticketAttachments.ticketId, ticket.id),
          gte(ticketAttachments.messageId, oldest),
          lte(ticketAttachments.messageId, newest),
        ),
      )
      .orderBy(asc(ticketAttachments.messageId), asc(ticketAttachments.position));
    for (const f of files) {
      const list = byMessage.get(f.messageId) ?? [];
      list.push(toFileDto(f));
      byMessage.set(f.messageId, list);
    }
  }
  const [marker] = await database
    .select({ id: ticketReads.lastReadMessageId })
    .from(ticketReads)
    .where(and(eq(ticketReads.ticketId, ticket.id), eq(ticketReads.userId, input.actor.id)));
  return {
    messages: page.map((r) =>
      toMessageDto({
        ...r,
        // Whether an e-mail's sender was confirmed is for staff to weigh (docs/email.md).
        emailSender: input.actor.isAdmin ? r.emailSender : null,
        ticketId: ticket.id,
        files: byMessage.get(r.id) ?? [],
      }),
    ),
    hasMore: rows.length > input.limit,
    newestId: newest ?? null,
    readUpTo: marker?.id ?? 0,
  };
}
