import http from 'node:http';
import https from 'node:https';
import type { PushPayload } from '@studio/shared/push';
import webpush from 'web-push';
import { endpointRefusal, publicOnlyLookup } from './endpoint-guard';
import type { VapidKeys } from './vapid-keys';

/** A push the device has not fetched within a day is stale: the e-mail has told them by then. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that takes longer than this is failing; the outbox tries again later. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Push services answer with a few bytes; anything more is not read. */
const MAX_ANSWER_BYTES = 16 * 1024;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How the push service answered: accepted, gone for good (404/410), or anything else. */
export type DeliveryResult = { outcome: 'sent' } | { outcome: 'gone'; status: number };

/** A failure worth trying again (5xx, 429, network, timeout): the outbox's back-off retries it. */
export class PushDeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * Sends one push (RFC 8030): web-push encrypts the payload (RFC 8291,
 * aes128gcm) and signs the VAPID JWT (RFC 8292); the request itself is ours,
 * because web-push always uses `https.request` without a way to check where
 * its socket connects. Here every name is resolved through
 * `publicOnlyLookup` (private answers refused, DNS rebinding included) and
 * an endpoint that is not https on a public host is refused before any
 * connection, PUSH_ALLOW_LOOPBACK aside.
 */
export async function deliverPush(
  target: PushTarget,
  payload: PushPayload,
  options: { keys: VapidKeys; subject: string; allowLoopback: boolean; urgency: webpush.Urgency },
): Promise<DeliveryResult> {
  const refusal = endpointRefusal(target.endpoint, options.allowLoopback);
  if (refusal) throw new PushDeliveryError(`push endpoint refused: ${refusal}`, null);
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: {
        subject: options.subject,
        publicKey: options.keys.publicKey,
        privateKey: options.keys.privateKey,
      },
      TTL: PUSH_TTL_SECONDS,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  const status = await post(
    target.endpoint,
    request.headers as Record<string, string | number>,
    request.body,
    options.allowLoopback,
  );
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  throw new PushDeliveryError(`push service answered ${status}`, status);
}

function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
  allowLoopback: boolean,
): Promise<number> {
  const url = new URL(endpoint);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: 'POST',
        headers,
        lookup: publicOnlyLookup(allowLoopback),
        timeout: REQUEST_TIMEOUT_MS,
        // A fresh connection per push: a pooled socket would skip the lookup's check.
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('close', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new PushDeliveryError('push service timed out', null)));
    req.on('error', (error) =>
      reject(
        error instanceof PushDeliveryError ? error : new PushDeliveryError(error.message, null),
      ),
    );
    req.end(body ?? undefined);
  });
}
