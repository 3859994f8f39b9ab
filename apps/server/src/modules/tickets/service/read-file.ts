import { FileIdParamSchema } from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import { ticketAttachments, tickets } from '../../../db/schema/index';
import { AppError, notFound } from '../../../lib/errors';
import type { TicketsContext } from './context';
import { type Actor, maySeeTicket } from './rules';

/** An attachment the actor may see, with its bytes, or 404. */
export async function readFile(
  ctx: TicketsContext,
  input: { actor: Actor; fileId: string; thumbnail: boolean },
) {
  const { db } = ctx.deps;
  if (!FileIdParamSchema.safeParse(input.fileId).success) throw notFound();
  const [row] = await db
    .select({ file: ticketAttachments, ownerId: tickets.ownerId })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .where(eq(ticketAttachments.id, input.fileId));
  if (!row || !maySeeTicket(input.actor, row)) throw notFound();
  const key = input.thumbnail ? row.file.thumbnailKey : row.file.storageKey;
  if (!key) throw notFound();
  const data = await ctx.storage.read(db, key);
  if (!data) throw new AppError(500, 'internal');
  return { file: row.file, data, isThumbnail: input.thumbnail };
}
