import { desc, eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema/index';
import type { PushContext } from './context';
import { type PushSubscriptionView, toSubscriptionView } from './subscription-view';

/** `GET /api/push/subscriptions`: the signed-in account's devices with push on, newest first. */
export async function listSubscriptions(
  ctx: PushContext,
  userId: number,
): Promise<PushSubscriptionView[]> {
  const rows = await ctx.deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map(toSubscriptionView);
}
