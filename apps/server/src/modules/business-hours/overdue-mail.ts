import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { jobs, tickets, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { MailMessage } from '../../mail/transport';
import {
  buildNotificationMail,
  emailEnabled,
  staffNotificationsOf,
  unsubscribeUrl,
} from '../notifications/index';
import { readBusinessHours } from './settings';

export const OVERDUE_MAIL_JOB = 'ticket-overdue';
/** How often each instance looks for tickets that went overdue; the UPDATE decides who mails. */
const LOOK_EVERY_MS = 60_000;
/** Tickets claimed per statement; the rest wait for the next look. */
const CLAIM_MAX = 500;

export interface OverdueMailJob {
  ticketId: number;
  assigneeId: number;
}

/**
 * Claims the assigned tickets whose due time has passed and whose assignee
 * was not yet told in this waiting, and queues one mail each — in ONE
 * statement: the UPDATE … WHERE overdue_notified_at IS NULL is the claim, so
 * two instances (or two checks at once) never both queue a ticket's mail; the
 * loser's row no longer matches when it gets the lock. Returns how many were queued.
 */
export async function queueOverdueMails(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await rowsOf<{ id: number | string }>(
    db,
    sql`
    with claimed as (
      update ${tickets} set overdue_notified_at = ${at}::timestamptz
      where ${tickets.id} in (
        select ${tickets.id} from ${tickets}
        where ${tickets.dueAt} <= ${at}::timestamptz
          and ${tickets.overdueNotifiedAt} is null
          and ${tickets.assigneeId} is not null
        order by ${tickets.dueAt}
        limit ${CLAIM_MAX}
        for update skip locked
      )
        and ${tickets.overdueNotifiedAt} is null
        and ${tickets.status} = 'open'
      returning ${tickets.id} as ticket_id, ${tickets.assigneeId} as assignee_id
    )
    insert into ${jobs} (kind, dedupe_key, payload, run_at, created_at)
    select ${OVERDUE_MAIL_JOB}, ${`${OVERDUE_MAIL_JOB}:`} || ticket_id || ':' || ${at},
           jsonb_build_object('ticketId', ticket_id, 'assigneeId', assignee_id),
           ${at}::timestamptz, ${at}::timestamptz
    from claimed
    on conflict (dedupe_key) do nothing
    returning ${jobs.id} as id`,
  );
  return rows.length;
}

function warsawTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('pl-PL', {
    timeZone,
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** The Polish mail to the assignee. */
export function composeOverdueMail(input: {
  to: string;
  number: number;
  subject: string;
  dueAt: Date;
  timeZone: string;
  link: string;
  unsubscribeUrl: string;
}): MailMessage {
  return buildNotificationMail(
    input.to,
    `Zgłoszenie #${input.number} jest po terminie`,
    `Termin odpowiedzi na przypisane Ci zgłoszenie #${input.number} „${input.subject}” minął ${warsawTime(input.dueAt, input.timeZone)}. Klient wciąż czeka na odpowiedź.`,
    input.link,
    { url: input.unsubscribeUrl, label: 'wyłącz e-maile o zgłoszeniach po terminie' },
  );
}

/**
 * Sends the overdue mail if it still holds when the job runs: the ticket is
 * still the assignee's, still waits on staff past its due time, and they are
 * still staff, want e-mails and their address does not bounce.
 */
export async function sendOverdueMail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'clock'>,
  job: OverdueMailJob,
) {
  const { db } = deps;
  const [row] = await db
    .select({
      id: tickets.id,
      number: tickets.number,
      subject: tickets.subject,
      dueAt: tickets.dueAt,
      email: users.email,
      isAdmin: users.isAdmin,
      emailBouncingAt: users.emailBouncingAt,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.assigneeId))
    .where(and(eq(tickets.id, job.ticketId), eq(tickets.assigneeId, job.assigneeId)));
  if (!row?.isAdmin || row.emailBouncingAt || !row.dueAt) return;
  if (row.dueAt.getTime() > deps.clock.now().getTime()) return;
  if (!(await emailEnabled(db, job.assigneeId))) return;
  // „Powiadomienia o zgłoszeniach” (issue 31): the assignee may not want these.
  if (!(await staffNotificationsOf(db, job.assigneeId)).assigned_overdue) return;
  const hours = await readBusinessHours(db);
  await deps.mailer.send(
    composeOverdueMail({
      to: row.email,
      number: row.number,
      subject: row.subject,
      dueAt: row.dueAt,
      timeZone: hours.timezone,
      link: `${deps.config.publicUrl}/contact?ticket=${row.id}`,
      unsubscribeUrl: unsubscribeUrl(deps.config, job.assigneeId, 'staff-overdue'),
    }),
  );
}

/** Queues the overdue mails and runs them; the schedule and the tests call it. */
export async function checkOverdue(app: FastifyInstance): Promise<number> {
  const queued = await queueOverdueMails(app.deps.db, app.deps.clock.now());
  if (queued > 0) await app.jobs.runDue();
  return queued;
}

/** Looks every minute (the first time half a minute after start), like the red-line look. */
export function startOverdueSchedule(app: FastifyInstance) {
  const look = () => {
    checkOverdue(app).catch((error: unknown) =>
      app.log.error({ err: error }, 'overdue check failed'),
    );
  };
  const first = setTimeout(look, 30_000);
  const repeat = setInterval(look, LOOK_EVERY_MS);
  first.unref();
  repeat.unref();
  return () => {
    clearTimeout(first);
    clearInterval(repeat);
  };
}
