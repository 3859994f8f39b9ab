import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, tickets, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { MailMessage } from '../../mail/transport';
import { emailEnabled } from './email-preference';
import { buildNotificationMail } from './mail';
import { unsubscribeUrl } from './unsubscribe-token';

export const ASSIGNMENT_MAIL_JOB = 'ticket-assigned';

export interface AssignmentMailJob {
  ticketId: number;
  assigneeId: number;
}

/**
 * Called in the transaction that assigns a ticket to someone else. One job
 * per ticket and assignee: assigning back and forth within the minute sends one e-mail.
 */
export async function enqueueAssignmentMail(
  tx: Db,
  input: { ticketId: number; assigneeId: number; now: Date },
) {
  await tx
    .insert(jobs)
    .values({
      kind: ASSIGNMENT_MAIL_JOB,
      dedupeKey: `${ASSIGNMENT_MAIL_JOB}:${input.ticketId}:${input.assigneeId}`,
      payload: {
        ticketId: input.ticketId,
        assigneeId: input.assigneeId,
      } satisfies AssignmentMailJob,
      runAt: input.now,
      createdAt: input.now,
    })
    .onConflictDoUpdate({ target: jobs.dedupeKey, set: { version: sql`${jobs.version} + 1` } });
}

/** The Polish e-mail to the new assignee. */
export function composeAssignmentMail(input: {
  to: string;
  number: number;
  subject: string;
  link: string;
  unsubscribeUrl: string;
}): MailMessage {
  return buildNotificationMail(
    input.to,
    `Przypisano Ci zgłoszenie #${input.number}`,
    `Przypisano Ci zgłoszenie #${input.number}: „${input.subject}”.`,
    input.link,
    // Only the general switch governs this mail, so its link turns that switch off.
    { url: input.unsubscribeUrl, label: 'wyłącz powiadomienia e-mail o zgłoszeniach' },
  );
}

/**
 * Sends the assignment e-mail if it still holds when the job runs: the ticket
 * exists, is still theirs, they are still staff, want e-mails and their
 * address does not bounce.
 */
export async function sendAssignmentMail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  job: AssignmentMailJob,
) {
  const { db } = deps;
  const [row] = await db
    .select({
      id: tickets.id,
      number: tickets.number,
      subject: tickets.subject,
      email: users.email,
      isAdmin: users.isAdmin,
      emailBouncingAt: users.emailBouncingAt,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.assigneeId))
    .where(and(eq(tickets.id, job.ticketId), eq(tickets.assigneeId, job.assigneeId)));
  if (!row?.isAdmin || row.emailBouncingAt || !(await emailEnabled(db, job.assigneeId))) return;
  await deps.mailer.send(
    composeAssignmentMail({
      to: row.email,
      number: row.number,
      subject: row.subject,
      link: `${deps.config.publicUrl}/contact?ticket=${row.id}`,
      unsubscribeUrl: unsubscribeUrl(deps.config, job.assigneeId, 'ticket-mail'),
    }),
  );
}
