import type { PushSubscriptionItem } from '@studio/shared/push';
import type { pushSubscriptions } from '../../db/schema/index';

export type PushSubscriptionView = PushSubscriptionItem;

/** A stored subscription as the profile's device list shows it (never its keys). */
export function toSubscriptionView(
  row: typeof pushSubscriptions.$inferSelect,
): PushSubscriptionView {
  return {
    id: row.id,
    endpoint: row.endpoint,
    device: row.device || 'Nieznane urządzenie',
    created_at: row.createdAt.toISOString(),
    last_push_at: row.lastPushAt?.toISOString() ?? null,
  };
}
