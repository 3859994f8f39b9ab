import { createECDH } from 'node:crypto';
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscribe } from '@studio/shared/push';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';
import { deviceName } from '../../lib/device-name';
import { AppError, badRequest } from '../../lib/errors';
import type { PushContext } from './context';
import { endpointRefusal } from './endpoint-guard';
import { type PushSubscriptionView, toSubscriptionView } from './subscription-view';

export const ENDPOINT_REFUSED_MESSAGE =
  'Ta przeglądarka podała adres powiadomień, którego serwer nie obsługuje (wymagany https:// na publicznym serwerze).';
export const TOO_MANY_DEVICES_MESSAGE = `Powiadomienia są już włączone na ${PUSH_SUBSCRIPTIONS_MAX} urządzeniach. Wyłącz je na jednym z nich, aby dodać to urządzenie.`;

/**
 * `POST /api/push/subscriptions`: keeps the browser's subscription for the
 * signed-in account. The same endpoint again updates its keys (200); one held
 * by another account moves here (the browser re-subscribed after a sign-out
 * and sign-in on a shared device), counted like a new one (201). The account's
 * devices are counted under a per-account transaction lock, so a burst of
 * parallel subscriptions stops at PUSH_SUBSCRIPTIONS_MAX too.
 */
export async function subscribe(
  ctx: PushContext,
  input: { userId: number; subscription: PushSubscribe; userAgent: string | null },
): Promise<{ subscription: PushSubscriptionView; created: boolean }> {
  const { db, clock, config } = ctx.deps;
  const { endpoint, keys } = input.subscription;
  const refusal = endpointRefusal(endpoint, config.pushAllowLoopback);
  if (refusal) {
    ctx.deps.log.info({ reason: refusal }, 'push endpoint refused');
    // `details` in the shape of validation errors: the shared error answer allows it, and it says it in Polish.
    throw new AppError(400, 'push_endpoint_refused', {
      details: [{ path: 'endpoint', message: ENDPOINT_REFUSED_MESSAGE }],
    });
  }
  // Checked now, not at the first send: keys that cannot encrypt would only fail the outbox eight times.
  if (!isP256Point(keys.p256dh) || Buffer.from(keys.auth, 'base64url').length !== 16) {
    throw badRequest('validation_failed', [
      { path: 'keys', message: 'Klucze subskrypcji powiadomień są nieprawidłowe.' },
    ]);
  }
  const now = clock.now();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(7303, ${input.userId}::int)`);
    const [held] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    const alreadyMine = held?.userId === input.userId;
    if (!alreadyMine) {
      const [others] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, input.userId), ne(pushSubscriptions.endpoint, endpoint)),
        );
      if ((others?.n ?? 0) >= PUSH_SUBSCRIPTIONS_MAX) {
        throw new AppError(409, 'too_many_push_devices', {
          details: [{ path: 'endpoint', message: TOO_MANY_DEVICES_MESSAGE }],
        });
      }
    }
    const device = deviceName(input.userAgent);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        userId: input.userId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        device,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        // Moved from another account: a new device for this one, with no history of the old.
        set: alreadyMine
          ? { p256dh: keys.p256dh, auth: keys.auth, device }
          : {
              userId: input.userId,
              p256dh: keys.p256dh,
              auth: keys.auth,
              device,
              createdAt: now,
              lastPushAt: null,
              lastFailureAt: null,
            },
      })
      .returning();
    if (!row) throw new Error('push subscription not stored');
    return { subscription: toSubscriptionView(row), created: !alreadyMine };
  });
}

/** Whether a base64url key is an uncompressed point on P-256 (what RFC 8291's ECDH needs). */
function isP256Point(base64url: string): boolean {
  const point = Buffer.from(base64url, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.alloc(32, 1));
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}
