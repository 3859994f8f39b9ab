import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketAttachments, ticketMessages, users } from '../../db/schema/index';

/** One message as a ticket e-mail quotes it. */
export interface MailedMessage {
  id: number;
  author: string;
  fromStaff: boolean;
  body: string;
  createdAt: Date;
  fileNames: string[];
}

/**
 * The messages an e-mail is about, oldest first. The ids come from
 * choose-what-to-send, which counts only what the recipient may read (never an
 * internal note), so nothing else is looked up here.
 */
export async function loadMailedMessages(db: Db, ids: number[]): Promise<MailedMessage[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: ticketMessages.id,
      author: users.username,
      fromStaff: ticketMessages.authorIsAdmin,
      body: ticketMessages.body,
      createdAt: ticketMessages.createdAt,
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(inArray(ticketMessages.id, ids))
    .orderBy(asc(ticketMessages.id));
  const files = await db
    .select({ messageId: ticketAttachments.messageId, filename: ticketAttachments.filename })
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.messageId, ids))
    .orderBy(asc(ticketAttachments.position));
  return rows.map((row) => ({
    ...row,
    author: row.author ?? 'Użytkownik usunięty',
    fileNames: files.filter((f) => f.messageId === row.id).map((f) => f.filename),
  }));
}
