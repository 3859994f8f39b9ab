/**
 * Web Push and the installable app (DESIGN.md §7.11, issue 33): the browser's
 * subscription as `PushSubscription.toJSON()` gives it, the profile's device
 * list, and the payload the service worker shows.
 */
import { z } from 'zod';

/** Base64url text of a key, bounded so a request cannot carry megabytes. */
const base64urlKey = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/);

/** At most this many devices with push on per account; the 11th is refused with 409. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

/** An endpoint URL; the server also checks it is `https://` on a public host (§7.11). */
export const PushEndpointSchema = z.string().url().max(2048);

/** `GET /api/push/public-key` → the VAPID public key (uncompressed P-256 point, base64url). */
export const PushPublicKeyAnswerSchema = z.object({ public_key: z.string() });

/** `POST /api/push/subscriptions` → 201 `{subscription}` (200 when this endpoint was already the account's). */
export const PushSubscribeSchema = z.object({
  endpoint: PushEndpointSchema,
  // p256dh: a 65-byte P-256 point (87–88 characters); auth: 16 bytes (22–24).
  keys: z.object({ p256dh: base64urlKey(80, 100), auth: base64urlKey(16, 32) }),
});

/** `DELETE /api/push/subscriptions {endpoint}` → 204 (also when it was not there: the result is the same). */
export const PushUnsubscribeSchema = z.object({ endpoint: PushEndpointSchema });

/** One device with push on, for the profile's list. */
export const PushSubscriptionSchema = z.object({
  id: z.number().int().positive(),
  endpoint: z.string(),
  /** „Chrome na Androidzie”-like name made from the browser's user agent when it subscribed. */
  device: z.string(),
  created_at: z.string(),
  /** When a push last reached the push service for it (ISO 8601), or null. */
  last_push_at: z.string().nullable(),
});

export const PushSubscriptionAnswerSchema = z.object({ subscription: PushSubscriptionSchema });
/** `GET /api/push/subscriptions` → the signed-in account's devices, newest first. */
export const PushSubscriptionsAnswerSchema = z.object({
  subscriptions: z.array(PushSubscriptionSchema),
});

/** `POST /api/push/test {endpoint}` → 202: one test push to that device of the account. */
export const PushTestSchema = z.object({ endpoint: PushEndpointSchema });

/**
 * What a push carries (encrypted, RFC 8291): it names the ticket and its
 * number, never a message's text, so a locked phone shows no customer data.
 * `tag` makes pushes for one ticket replace each other on the device.
 */
export const PushPayloadSchema = z.object({
  title: z.string().max(120),
  body: z.string().max(240),
  url: z.string().max(300),
  tag: z.string().max(64),
});

export type PushSubscribe = z.infer<typeof PushSubscribeSchema>;
export type PushSubscriptionItem = z.infer<typeof PushSubscriptionSchema>;
export type PushSubscriptionsAnswer = z.infer<typeof PushSubscriptionsAnswerSchema>;
export type PushPayload = z.infer<typeof PushPayloadSchema>;
