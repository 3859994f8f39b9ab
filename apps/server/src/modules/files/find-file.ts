import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketAttachments, ticketMessages, tickets } from '../../db/schema/index';
import { notFound } from '../../lib/errors';

export type AttachmentRow = typeof ticketAttachments.$inferSelect;

/**
 * The attachment row, when the actor may see its ticket (owner or admin);
 * 404 otherwise, the same answer as for a file that does not exist. Only the
 * row is read: the bytes are opened later, and only if they are to be sent.
 */
export async function findVisibleFile(
  db: Db,
  actor: { id: number; isAdmin: boolean },
  fileId: string,
): Promise<AttachmentRow> {
  if (!/^[0-9a-f-]{36}$/.test(fileId)) throw notFound();
  const [row] = await db
    .select({
      file: ticketAttachments,
      ownerId: tickets.ownerId,
      internal: ticketMessages.internal,
    })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .where(eq(ticketAttachments.id, fileId));
  if (!row || (row.ownerId !== actor.id && !actor.isAdmin)) throw notFound();
  // A file of an internal note is staff's only: for the customer it does not exist.
  if (row.internal && !actor.isAdmin) throw notFound();
  return row.file;
}
