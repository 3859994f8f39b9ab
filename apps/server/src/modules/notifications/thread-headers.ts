import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sentTicketMails } from '../../db/schema/index';

/** Mail programs thread by References; the first and the latest few are enough for all of them. */
const MAX_REFERENCES = 10;

/** `<random@public-host>`: unique, and it names us, so a reply's In-Reply-To is recognised. */
export function newMessageId(publicUrl: string): string {
  return `<kontakt.${randomBytes(12).toString('hex')}@${new URL(publicUrl).hostname}>`;
}

/** The Message-IDs of the e-mails this recipient got about this ticket, oldest first. */
export async function earlierMessageIds(
  db: Db,
  ticketId: number,
  userId: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: sentTicketMails.messageId })
    .from(sentTicketMails)
    .where(and(eq(sentTicketMails.ticketId, ticketId), eq(sentTicketMails.userId, userId)))
    .orderBy(asc(sentTicketMails.createdAt));
  const ids = rows.map((r) => r.id);
  if (ids.length <= MAX_REFERENCES) return ids;
  return [ids[0] as string, ...ids.slice(-(MAX_REFERENCES - 1))];
}

/** In-Reply-To and References chaining a new e-mail after the earlier ones. */
export function threadHeaders(earlier: string[]): Record<string, string> {
  const last = earlier.at(-1);
  if (!last) return {};
  return { 'In-Reply-To': last, References: earlier.join(' ') };
}
