import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import {
  jobs,
  staffDigestItems,
  ticketMessages,
  ticketReads,
  tickets,
  users,
} from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { randomToken } from '../../lib/tokens';
import { emailEnabled } from './email-preference';
import { composeStaffDigest } from './staff-digest-mail';
import { staffNotificationsOf } from './staff-notification-prefs';
import { unsubscribeUrl } from './unsubscribe-token';

export const STAFF_DIGEST_JOB = 'staff-digest';
/** How long new tickets gather before a staff member's grouped mail goes out. */
export const STAFF_DIGEST_WINDOW_MS = 5 * 60 * 1000;
/** A claim of digest rows is the claimer's for this long; a crashed instance's rows go out later. */
const CLAIM_MS = 5 * 60 * 1000;

export interface StaffDigestJob {
  recipientId: number;
}

/**
 * Puts a new ticket on a staff member's next grouped mail. The first ticket
 * of a window queues the mail's job (due when the window ends); later ones
 * join it. The job's version is bumped, so a mail being sent right now is
 * followed by another for what came in meanwhile (worker.ts).
 */
export async function queueForDigest(
  db: Db,
  input: { recipientId: number; ticketId: number; now: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(staffDigestItems)
      .values({ recipientId: input.recipientId, ticketId: input.ticketId, createdAt: input.now })
      .onConflictDoNothing();
    await tx
      .insert(jobs)
      .values({
        kind: STAFF_DIGEST_JOB,
        dedupeKey: `${STAFF_DIGEST_JOB}:${input.recipientId}`,
        payload: { recipientId: input.recipientId } satisfies StaffDigestJob,
        runAt: new Date(input.now.getTime() + STAFF_DIGEST_WINDOW_MS),
        createdAt: input.now,
      })
      .onConflictDoUpdate({ target: jobs.dedupeKey, set: { version: sql`${jobs.version} + 1` } });
  });
}

/**
 * Claims the recipient's waiting tickets in one conditional UPDATE …
 * RETURNING: rows another instance claimed (and has not let lapse) are not
 * returned, so two instances never mail the same tickets.
 */
async function claimItems(db: Db, recipientId: number, now: Date, token: string) {
  const until = new Date(now.getTime() + CLAIM_MS);
  const rows = await rowsOf<{ ticket_id: number }>(
    db,
    sql`
    update ${staffDigestItems}
    set claimed_until = ${until.toISOString()}::timestamptz, claim_token = ${token}
    where recipient_id = ${recipientId}
      and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
    returning ticket_id`,
  );
  return rows.map((r) => Number(r.ticket_id));
}

/**
 * Sends a staff member's grouped mail of new tickets, if it still holds: they
 * are staff, want e-mails, their address does not bounce and they have not
 * switched new-ticket mails off. Open tickets only, oldest first. Later mails
 * about these tickets start after what is there now (as after a single mail).
 * A failed send gives the claim back, and the job is retried.
 */
export async function sendStaffDigest(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'>,
  job: StaffDigestJob,
) {
  const { db, clock } = deps;
  const token = randomToken();
  const ticketIds = await claimItems(db, job.recipientId, clock.now(), token);
  if (!ticketIds.length) return;
  const done = () => db.delete(staffDigestItems).where(eq(staffDigestItems.claimToken, token));
  try {
    const [recipient] = await db.select().from(users).where(eq(users.id, job.recipientId));
    const wanted =
      recipient?.isAdmin &&
      !recipient.emailBouncingAt &&
      (await emailEnabled(db, recipient.id)) &&
      (await staffNotificationsOf(db, recipient.id)).new_tickets !== 'none';
    const listed = wanted
      ? await db
          .select({
            id: tickets.id,
            number: tickets.number,
            subject: tickets.subject,
            customer: users.username,
          })
          .from(tickets)
          .innerJoin(users, eq(users.id, tickets.ownerId))
          .where(and(inArray(tickets.id, ticketIds), eq(tickets.status, 'open')))
          .orderBy(asc(tickets.number))
      : [];
    if (recipient && listed.length) {
      await deps.mailer.send(
        composeStaffDigest({
          to: recipient.email,
          publicUrl: deps.config.publicUrl,
          unsubscribeUrl: unsubscribeUrl(deps.config, recipient.id, 'staff-digest'),
          tickets: listed,
        }),
      );
      await markMailed(
        db,
        recipient.id,
        listed.map((t) => t.id),
      );
    }
    await done();
  } catch (error) {
    await db
      .update(staffDigestItems)
      .set({ claimedUntil: null, claimToken: null })
      .where(eq(staffDigestItems.claimToken, token));
    throw error;
  }
}

/** The tickets' newest messages count as mailed to the recipient: a later mail starts after them. */
async function markMailed(db: Db, recipientId: number, ticketIds: number[]) {
  await db.execute(sql`
    insert into ${ticketReads} (ticket_id, user_id, last_notified_message_id)
    select ticket_id, ${recipientId}, max(id) from ${ticketMessages}
    where ticket_id in (${sql.join(
      ticketIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by ticket_id
    on conflict (ticket_id, user_id) do update
    set last_notified_message_id = greatest(${ticketReads}.last_notified_message_id,
                                            excluded.last_notified_message_id)`);
}
