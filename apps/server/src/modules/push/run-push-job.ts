import type { PushPayload } from '@studio/shared/push';
import { eq, min } from 'drizzle-orm';
import type webpush from 'web-push';
import { pushSubscriptions, ticketMessages, tickets, users } from '../../db/schema/index';
import type { PushContext, PushJob } from './context';
import { deliverPush } from './deliver-push';
import { TEST_PUSH_PAYLOAD, type TicketPushKind, ticketPushPayload } from './push-payload';
import { vapidSubject } from './vapid-keys';

type Subscription = typeof pushSubscriptions.$inferSelect;

/**
 * One push job of the outbox (notifications/worker.ts runs it with its
 * claiming, lease and back-off). Nothing to do when the subscription, the
 * ticket or the message is gone, or the recipient may no longer see the
 * ticket. 404/410 remove the subscription and end the job; any other failure
 * throws, so the outbox retries it later; a success stamps `last_push_at`.
 */
export async function runPushJob(ctx: PushContext, job: PushJob): Promise<void> {
  const { db } = ctx.deps;
  const [subscription] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, job.subscriptionId));
  if (!subscription) return;
  if ('test' in job) {
    await send(ctx, subscription, TEST_PUSH_PAYLOAD, 'normal');
    return;
  }
  const [ticket] = await db
    .select({ id: tickets.id, number: tickets.number, ownerId: tickets.ownerId })
    .from(tickets)
    .where(eq(tickets.id, job.ticketId));
  const [recipient] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, subscription.userId));
  if (!ticket || !recipient) return;
  const isOwner = subscription.userId === ticket.ownerId;
  if (!isOwner && !recipient.isAdmin) return;
  const kind: TicketPushKind = isOwner
    ? 'answer'
    : (await isFirstMessage(ctx, ticket.id, job.messageId))
      ? 'new_ticket'
      : 'message';
  await send(
    ctx,
    subscription,
    ticketPushPayload({ ticketId: ticket.id, number: ticket.number, kind }),
    'high',
  );
}

/** A ticket opens with its first message: the admins' push says „Nowe zgłoszenie”. */
async function isFirstMessage(ctx: PushContext, ticketId: number, messageId: number) {
  const [first] = await ctx.deps.db
    .select({ id: min(ticketMessages.id) })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId));
  return Number(first?.id) === messageId;
}

async function send(
  ctx: PushContext,
  subscription: Subscription,
  payload: PushPayload,
  urgency: webpush.Urgency,
) {
  const { db, clock, config } = ctx.deps;
  try {
    const result = await deliverPush(subscription, payload, {
      keys: await ctx.keys(),
      subject: vapidSubject(config.mailFrom),
      allowLoopback: config.pushAllowLoopback,
      urgency,
    });
    if (result.outcome === 'gone') {
      // The browser unsubscribed or the push service forgot it: it will never take a push again.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      ctx.count('removed');
      return;
    }
    await db
      .update(pushSubscriptions)
      .set({ lastPushAt: clock.now() })
      .where(eq(pushSubscriptions.id, subscription.id));
    ctx.count('sent');
  } catch (error) {
    // The status line compares this with last_push_at; the job still throws, so the outbox retries.
    await db
      .update(pushSubscriptions)
      .set({ lastFailureAt: clock.now() })
      .where(eq(pushSubscriptions.id, subscription.id))
      .catch(() => {});
    ctx.count('failed');
    throw error;
  }
}
