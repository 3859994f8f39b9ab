import { type SQL, sql } from 'drizzle-orm';
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
 * The statement that queues a message's e-mails, run in the transaction that
 * stores the message (insert-message.ts makes it part of one statement with
 * the message's other rows). One job per ticket and recipient: a job already
 * waiting keeps its due time, so several replies in the window end up in one
 * e-mail. `version` is bumped so a worker that is sending right now knows to
 * look again instead of dropping the new message.
 */
export function messageMailJobs(
  tx: Db,
  input: { ticketId: number; ownerId: number; authorId: number; now: Date; delayMs?: number },
): SQL {
  const runAt = new Date(input.now.getTime() + (input.delayMs ?? NOTIFY_DELAY_MS));
  if (input.authorId !== input.ownerId) {
    return tx
      .insert(jobs)
      .values({
        kind: TICKET_MAIL_JOB,
        dedupeKey: `${TICKET_MAIL_JOB}:${input.ticketId}:${input.ownerId}`,
        payload: { ticketId: input.ticketId, userId: input.ownerId } satisfies TicketMailJob,
        runAt,
        createdAt: input.now,
      })
      .onConflictDoUpdate({
        target: jobs.dedupeKey,
        set: { version: sql`${jobs.version} + 1` },
      })
      .getSQL();
  }
  // A customer's message goes to every admin, chosen and queued by the same statement.
  return sql`
    insert into ${jobs} (kind, dedupe_key, payload, run_at, created_at)
    select ${TICKET_MAIL_JOB}, ${`${TICKET_MAIL_JOB}:${input.ticketId}:`} || ${users.id},
           jsonb_build_object('ticketId', ${input.ticketId}::int, 'userId', ${users.id}),
           ${runAt.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz
    from ${users}
    where ${users.isAdmin} and ${users.id} <> ${input.authorId}
    on conflict (dedupe_key) do update set version = ${jobs.version} + 1`;
}

export async function dropTicketJobs(tx: Db, ticketId: number) {
  await tx.delete(jobs).where(sql`${jobs.dedupeKey} like ${`${TICKET_MAIL_JOB}:${ticketId}:%`}`);
}
