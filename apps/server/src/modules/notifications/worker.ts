import { and, eq, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import { idempotencyKeys, jobs, ticketEvents } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { ASSIGNMENT_MAIL_JOB, type AssignmentMailJob, sendAssignmentMail } from './assignment-mail';
import { chooseWhatToSend } from './choose-what-to-send';
import { CLOSING_MAIL_JOB, type ClosingMailJob, sendClosingMail } from './closing-mail';
import { deliverTicketMail } from './deliver';
import { TICKET_MAIL_JOB, type TicketMailJob } from './outbox';
import { prepareTicketMail } from './prepare-ticket-mail';
import {
  queueForDigest,
  STAFF_DIGEST_JOB,
  type StaffDigestJob,
  sendStaffDigest,
} from './staff-digest';
import { staffNotificationsOf } from './staff-notification-prefs';

const BATCH = 10;
/** A claimed job is someone's for this long; if that instance dies, another takes it over. */
const LEASE_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 8;
const HOUSEKEEPING_MS = 10 * 60 * 1000;
/** Replay window for streams and the life of an Idempotency-Key. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  version: number;
  attempts: number;
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'log' | 'config'>;

/**
 * Runs due jobs of the outbox table. Any number of instances may poll: a job
 * is claimed with FOR UPDATE SKIP LOCKED and a lease, so exactly one works on
 * it, and a crashed worker's job is retried when its lease runs out. Due
 * times come from the injected clock, so tests move time instead of waiting.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private lastHousekeeping = 0;
  /** Kinds of job other modules bring (the status page's red-line mail); see `handle`. */
  private readonly handlers = new Map<string, (payload: unknown) => Promise<void>>();
  /** Told of every failed run of a job; the metrics count them (app.ts). */
  onJobFailed: (outcome: 'retry' | 'dropped') => void = () => {};

  constructor(
    private readonly deps: Deps,
    private readonly intervalMs = 2000,
  ) {}

  /**
   * Runs another module's kind of job with the same claiming, lease, retries
   * and back-off as the ticket mails: a mail that must survive a crash goes
   * through this outbox wherever it is composed.
   */
  handle(kind: string, run: (payload: unknown) => Promise<void>) {
    this.handlers.set(kind, run);
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runDue().catch((error) => this.deps.log.error({ err: error }, 'job poll failed'));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running.catch(() => {});
  }

  /** Runs every job that is due now. Calls are queued, so one run never overlaps another. */
  runDue(): Promise<void> {
    const next = this.running.catch(() => {}).then(() => this.runOnce());
    this.running = next;
    return next;
  }

  private async runOnce() {
    const now = this.deps.clock.now();
    if (now.getTime() - this.lastHousekeeping >= HOUSEKEEPING_MS) {
      this.lastHousekeeping = now.getTime();
      await this.housekeeping(now);
    }
    for (;;) {
      const claimed = await this.claim(this.deps.clock.now());
      if (!claimed.length) return;
      for (const job of claimed) await this.execute(job);
    }
  }

  private async claim(now: Date): Promise<ClaimedJob[]> {
    const lease = new Date(now.getTime() + LEASE_MS);
    const rows = await rowsOf<Record<string, unknown>>(
      this.deps.db,
      sql`
      update ${jobs} set locked_until = ${lease.toISOString()}::timestamptz, attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where run_at <= ${now.toISOString()}::timestamptz
          and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
        order by run_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, kind, payload, version, attempts`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      kind: String(r.kind),
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
      version: Number(r.version),
      attempts: Number(r.attempts),
    }));
  }

  private async execute(job: ClaimedJob) {
    const { db, clock, log } = this.deps;
    try {
      if (job.kind === TICKET_MAIL_JOB) await this.ticketMail(job.payload as TicketMailJob);
      else if (job.kind === ASSIGNMENT_MAIL_JOB) {
        await sendAssignmentMail(this.deps, job.payload as AssignmentMailJob);
      } else if (job.kind === CLOSING_MAIL_JOB) {
        await sendClosingMail(this.deps, job.payload as ClosingMailJob);
      } else if (job.kind === STAFF_DIGEST_JOB) {
        await sendStaffDigest(this.deps, job.payload as StaffDigestJob);
      } else {
        const run = this.handlers.get(job.kind);
        if (run) await run(job.payload);
        else log.warn({ kind: job.kind }, 'unknown job kind dropped');
      }
      const removed = await db
        .delete(jobs)
        .where(and(eq(jobs.id, job.id), eq(jobs.version, job.version)))
        .returning({ id: jobs.id });
      if (!removed.length) {
        // More messages arrived while this one ran: wait the full delay again for them.
        await db
          .update(jobs)
          .set({
            lockedUntil: null,
            attempts: 0,
            runAt: new Date(clock.now().getTime() + this.deps.config.notifyDelayMs),
          })
          .where(eq(jobs.id, job.id));
      }
    } catch (error) {
      this.onJobFailed(job.attempts >= MAX_ATTEMPTS ? 'dropped' : 'retry');
      if (job.attempts >= MAX_ATTEMPTS) {
        log.error({ err: error, jobId: job.id }, 'job failed for the last time, dropped');
        await db.delete(jobs).where(eq(jobs.id, job.id));
        return;
      }
      log.warn({ err: error, jobId: job.id }, 'job failed, will retry');
      const backoff = Math.min(60 * 60 * 1000, 30_000 * 2 ** (job.attempts - 1));
      await db
        .update(jobs)
        .set({ lockedUntil: null, runAt: new Date(clock.now().getTime() + backoff) })
        .where(eq(jobs.id, job.id));
    }
  }

  /**
   * Choose, compose, deliver: each step is its own file. A new ticket reaches
   * staff as each one chose (issue 31): its own mail, a line of the grouped
   * mail (staff-digest.ts), or nothing.
   */
  private async ticketMail(job: TicketMailJob) {
    const { db, clock } = this.deps;
    const pending = await chooseWhatToSend(db, job);
    if (!pending) return;
    if (!pending.isOwner && pending.isNewTicket) {
      const choice = (await staffNotificationsOf(db, pending.recipient.id)).new_tickets;
      if (choice === 'none') return;
      if (choice === 'digest') {
        await queueForDigest(db, {
          recipientId: pending.recipient.id,
          ticketId: pending.ticket.id,
          now: clock.now(),
        });
        return;
      }
    }
    await deliverTicketMail(this.deps, pending, await prepareTicketMail(this.deps, pending));
  }

  private async housekeeping(now: Date) {
    const before = new Date(now.getTime() - RETENTION_MS);
    await this.deps.db.delete(ticketEvents).where(lt(ticketEvents.createdAt, before));
    await this.deps.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox poller; tests call `jobs.runDue()` after moving the test clock. */
    jobs: JobRunner;
  }
}
