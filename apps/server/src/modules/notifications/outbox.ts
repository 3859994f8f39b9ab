import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, users } from '../../db/schema/index';

/** A reply waits this long (NOTIFY_DELAY_SECONDS' default): if it was read meanwhile, no e-mail goes out. */
export const NOTIFY_DELAY_MS = 2 * 60 * 1000;
export const TICKET_MAIL_JOB = 'ticket-mail';

export interface TicketMailJob {
  ticketId: number;
  userId: number;
}

/**
 * Called in the transaction that stores a message. One job per ticket and
 * recipient: a job already waiting keeps its due time, so several replies in
 * the window end up in one e-mail. `version` is bumped so a worker that is
 * sending right now knows to look again instead of dropping the new message.
 */
export async function enqueueMessageMail(
  tx: Db,
  input: { ticketId: number; ownerId: number; authorId: number; now: Date; delayMs?: number },
) {
  let recipients: number[];
  if (input.authorId === input.ownerId) {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), ne(users.id, input.authorId)));
    recipients = admins.map((a) => a.id);
  } else {
    recipients = [input.ownerId];
  }
  if (!recipients.length) return;
  const runAt = new Date(input.now.getTime() + (input.delayMs ?? NOTIFY_DELAY_MS));
  await tx
    .insert(jobs)
    .values(
      recipients.map((userId) => ({
        kind: TICKET_MAIL_JOB,
        dedupeKey: `${TICKET_MAIL_JOB}:${input.ticketId}:${userId}`,
        payload: { ticketId: input.ticketId, userId } satisfies TicketMailJob,
        runAt,
        createdAt: input.now,
      })),
    )
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      set: { version: sql`${jobs.version} + 1` },
    });
}

export async function dropTicketJobs(tx: Db, ticketId: number) {
  await tx.delete(jobs).where(sql`${jobs.dedupeKey} like ${`${TICKET_MAIL_JOB}:${ticketId}:%`}`);
}
