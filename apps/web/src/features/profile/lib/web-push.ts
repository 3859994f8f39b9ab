import type { PushSubscribe } from '@studio/shared/push';
import { registerNow, supportsServiceWorker } from '~/lib/service-worker';

/**
 * This browser's side of Web Push (issue 33): whether it can, what the user
 * allowed, and its subscription. The server's side is in ../api/.
 */

/** `unsupported` also covers iOS outside an installed app, where Safari has no PushManager. */
export type PushPermission = 'unsupported' | NotificationPermission;

export function pushPermission(): PushPermission {
  if (
    typeof window === 'undefined' ||
    !supportsServiceWorker() ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The subscription this browser already has, without registering anything. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushPermission() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as the bytes `applicationServerKey` takes (base64url → Uint8Array). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
};

/** The user said no in the browser's prompt (or had blocked the site before). */
export class PushPermissionDenied extends Error {
  override readonly name = 'PushPermissionDenied';
}

/**
 * Asks the browser's permission (only ever from a click: browsers ignore or
 * penalise prompts nobody asked for), then subscribes this browser with our
 * VAPID key, reusing a subscription it already has for the same key.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscribe> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const registration = await registerNow();
  await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made with another key (the server's keys were replaced): the push service would refuse our pushes.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('incomplete_subscription');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Ends this browser's subscription, if it is the one at `endpoint`. */
export async function unsubscribeThisBrowser(endpoint: string): Promise<void> {
  const subscription = await currentPushSubscription();
  if (subscription?.endpoint === endpoint) await subscription.unsubscribe();
}
