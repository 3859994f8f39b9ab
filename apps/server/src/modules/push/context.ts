import type { AppDeps } from '../../deps';
import type { VapidKeys } from './vapid-keys';

export type PushOutcome = 'sent' | 'failed' | 'removed';

/** What every use case of the module works with. */
export interface PushContext {
  deps: AppDeps;
  /** The server's VAPID pair, read once per app (vapid-keys.ts). */
  keys: () => Promise<VapidKeys>;
  /** Runs the outbox now instead of at its next poll: the push jobs just committed leave at once. */
  wake: () => void;
  /** Counts a delivery's outcome in the metrics (none without METRICS_PORT). */
  count: (outcome: PushOutcome) => void;
}

/** The outbox kind of a push; its dedupe key names the message (or test) and the subscription. */
export const PUSH_JOB = 'push';

/** A push job's payload: a ticket message for one subscription, or a test push. */
export type PushJob =
  | { subscriptionId: number; ticketId: number; messageId: number }
  | { subscriptionId: number; test: true };
