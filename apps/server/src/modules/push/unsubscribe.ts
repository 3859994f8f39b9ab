import { and, eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema/index';
import type { PushContext } from './context';

/**
 * `DELETE /api/push/subscriptions {endpoint}`: the signed-in account's own
 * subscription only. Answered the same whether it was there or not, so
 * nobody learns whether another account holds an endpoint.
 */
export async function unsubscribe(ctx: PushContext, input: { userId: number; endpoint: string }) {
  await ctx.deps.db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, input.userId),
        eq(pushSubscriptions.endpoint, input.endpoint),
      ),
    );
}
