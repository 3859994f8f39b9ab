import { type SQL, sql } from 'drizzle-orm';
import { jobs, pushSubscriptions, tickets, users } from '../../db/schema/index';
import { PUSH_JOB } from './context';

/**
 * The statement that queues a message's pushes, part of the one statement
 * that stores the message (tickets/service/insert-message.ts), so a push job
 * exists exactly when the message does. Who gets one (issue 33): the customer
 * for a staff answer; for the customer's own message, the admins the ticket
 * is assigned to, or every admin while it is unassigned; never the author.
 * Internal notes never come here (the caller leaves them out). One job per
 * message and subscription (the dedupe key), so however many instances run,
 * each device gets one push per message. Returns the queued jobs' ids.
 */
export function messagePushJobs(input: {
  ticketId: number;
  ownerId: number;
  authorId: number;
  /** SQL for the new message's id (the message CTE of the same statement). */
  messageId: SQL;
  now: Date;
}): SQL {
  const recipients =
    input.authorId !== input.ownerId
      ? sql`${pushSubscriptions.userId} = ${input.ownerId}`
      : sql`${users.isAdmin} and ${users.id} <> ${input.authorId}
          and coalesce((select ${tickets.assigneeId} from ${tickets} where ${tickets.id} = ${input.ticketId}), ${users.id}) = ${users.id}`;
  const at = sql`${input.now.toISOString()}::timestamptz`;
  return sql`
    insert into ${jobs} (kind, dedupe_key, payload, run_at, created_at)
    select ${PUSH_JOB}, ${`${PUSH_JOB}:`} || ${input.messageId} || ':' || ${pushSubscriptions.id},
           jsonb_build_object('subscriptionId', ${pushSubscriptions.id}, 'ticketId', ${input.ticketId}::int,
                              'messageId', ${input.messageId}),
           ${at}, ${at}
    from ${pushSubscriptions} join ${users} on ${users.id} = ${pushSubscriptions.userId}
    where ${recipients}
    on conflict (dedupe_key) do nothing
    returning id`;
}
