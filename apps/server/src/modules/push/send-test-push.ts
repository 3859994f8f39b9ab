import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { jobs, pushSubscriptions } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { PUSH_JOB, type PushContext, type PushJob } from './context';

/**
 * `POST /api/push/test {endpoint}` (202): one „Powiadomienie próbne” to that
 * device of the signed-in account, through the outbox like every push (so a
 * failing push service is retried), woken at once. Another account's
 * endpoint, or an unknown one, is 404.
 */
export async function sendTestPush(ctx: PushContext, input: { userId: number; endpoint: string }) {
  const { db, clock } = ctx.deps;
  const [subscription] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, input.userId),
        eq(pushSubscriptions.endpoint, input.endpoint),
      ),
    );
  if (!subscription) throw notFound();
  const now = clock.now();
  await db.insert(jobs).values({
    kind: PUSH_JOB,
    dedupeKey: `${PUSH_JOB}:test:${subscription.id}:${randomUUID()}`,
    payload: { subscriptionId: subscription.id, test: true } satisfies PushJob,
    runAt: now,
    createdAt: now,
  });
  ctx.wake();
}
