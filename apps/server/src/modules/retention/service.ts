import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { securityLog, tickets } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { FileStorage } from '../../storage/storage';
import { createTicketsService, SYSTEM_ACTOR } from '../tickets/index';
import { purgeExpired } from './purge-expired';

/**
 * Keeps the privacy policy's promises without anyone remembering to: security
 * logs are kept up to RETENTION_SECURITY_LOG_MONTHS (12) and tickets up to
 * RETENTION_TICKET_MONTHS (24) after their last activity, then deleted with
 * their messages and files. Expired sessions, codes, login challenges and
 * reset links go a day after they end (purge-expired.ts).
 */

const RUN_EVENT = 'retention_run';
const RUN_EVERY_MS = 24 * 60 * 60 * 1000;
const TICKET_BATCH = 100;
/** Any constant works; it only has to be the same for every instance. */
const RETENTION_LOCK_ID = 515151;

export function monthsBefore(date: Date, months: number): Date {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export interface RetentionResult {
  securityLogDeleted: number;
  ticketsDeleted: number;
  /** Expired or used sessions, e-mail codes, login challenges and reset tokens. */
  expiredDeleted: number;
}

export function createRetentionService(deps: AppDeps, storage: FileStorage) {
  const { db, clock, config, log } = deps;
  const ticketsService = createTicketsService(deps, storage);

  /**
   * Claims today's run so that, with several instances, exactly one does it.
   * The claim is the run's own security-log entry, written under an advisory lock.
   */
  async function claim(now: Date): Promise<number | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK_ID})`);
      const [recent] = await tx
        .select({ id: securityLog.id })
        .from(securityLog)
        .where(
          and(
            eq(securityLog.event, RUN_EVENT),
            gt(securityLog.createdAt, new Date(now.getTime() - RUN_EVERY_MS)),
          ),
        )
        .orderBy(desc(securityLog.id))
        .limit(1);
      if (recent) return null;
      const [row] = await tx
        .insert(securityLog)
        .values({ event: RUN_EVENT, createdAt: now, details: { status: 'started' } })
        .returning({ id: securityLog.id });
      return row?.id ?? null;
    });
  }

  async function run(now: Date): Promise<RetentionResult> {
    const logCutoff = monthsBefore(now, config.retentionSecurityLogMonths);
    const ticketCutoff = monthsBefore(now, config.retentionTicketMonths);
    const removed = await db
      .delete(securityLog)
      .where(lt(securityLog.createdAt, logCutoff))
      .returning({ id: securityLog.id });
    let ticketsDeleted = 0;
    for (;;) {
      const batch = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(lt(tickets.lastActivityAt, ticketCutoff))
        .orderBy(asc(tickets.lastActivityAt))
        .limit(TICKET_BATCH);
      if (!batch.length) break;
      // Through the tickets service, so the files and the staff's live lists follow.
      for (const ticket of batch) {
        await ticketsService.deleteTicket({ actor: SYSTEM_ACTOR, ticketId: ticket.id });
        ticketsDeleted++;
      }
    }
    const expiredDeleted = await purgeExpired(db, now);
    return { securityLogDeleted: removed.length, ticketsDeleted, expiredDeleted };
  }

  return {
    /** Runs if no instance ran in the last 24 hours; returns the counts, or null when not due. */
    async runIfDue(): Promise<RetentionResult | null> {
      const now = clock.now();
      const claimId = await claim(now);
      if (claimId === null) return null;
      const result = await run(now);
      await db
        .update(securityLog)
        .set({ details: { status: 'done', ...result } })
        .where(eq(securityLog.id, claimId));
      log.info(
        {
          ...result,
          securityLogMonths: config.retentionSecurityLogMonths,
          ticketMonths: config.retentionTicketMonths,
        },
        'retention run finished',
      );
      return result;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;

/** Checks every hour whether the daily run is due, the first time a minute after start. */
export function startRetentionSchedule(service: RetentionService, log: AppDeps['log']) {
  const tick = () => {
    service.runIfDue().catch((error) => log.error({ err: error }, 'retention run failed'));
  };
  const first = setTimeout(tick, 60_000);
  const hourly = setInterval(tick, 60 * 60 * 1000);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
