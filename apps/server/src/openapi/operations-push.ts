/** Route table: Web Push in the profile (DESIGN.md §7.11). */
import { OkAnswerSchema } from '@studio/shared/answers';
import {
  PushPublicKeyAnswerSchema,
  PushSubscribeSchema,
  PushSubscriptionAnswerSchema,
  PushSubscriptionsAnswerSchema,
  PushTestSchema,
  PushUnsubscribeSchema,
} from '@studio/shared/push';
import { type ApiOperation, JSON_WRITE, refusals } from './operation';

const ENDPOINT_REFUSED =
  '`push_endpoint_refused` (not `https://`, or a literal private, loopback, link-local or unique-local address, or `localhost`; `details[0].message` says it in Polish) or `validation_failed`.';

export const pushOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/push/public-key',
    tag: 'profile',
    session: true,
    summary: 'The VAPID public key for `pushManager.subscribe({applicationServerKey})`',
    answers: {
      200: {
        description: 'Uncompressed P-256 point, base64url; the same on every instance.',
        schema: PushPublicKeyAnswerSchema,
      },
      ...refusals([401]),
    },
  },
  {
    method: 'get',
    path: '/api/push/subscriptions',
    tag: 'profile',
    session: true,
    summary: "The account's devices with push on",
    answers: {
      200: { description: 'Newest first; never the keys.', schema: PushSubscriptionsAnswerSchema },
      ...refusals([401]),
    },
  },
  {
    method: 'post',
    path: '/api/push/subscriptions',
    tag: 'profile',
    session: true,
    summary: 'Turn push on for this browser (its `PushSubscription.toJSON()`)',
    description:
      'An endpoint held by another account moves to this one (a shared device after a sign-out and sign-in). At most 10 per account.',
    body: PushSubscribeSchema,
    answers: {
      201: {
        description: 'Stored (or moved here from another account).',
        schema: PushSubscriptionAnswerSchema,
      },
      200: {
        description: 'Already this account’s: its keys updated.',
        schema: PushSubscriptionAnswerSchema,
      },
      ...refusals([...JSON_WRITE, 401, 409, 429], {
        400: ENDPOINT_REFUSED,
        409: '`too_many_push_devices`: 10 devices have push on already (`details[0].message` in Polish).',
      }),
    },
  },
  {
    method: 'delete',
    path: '/api/push/subscriptions',
    tag: 'profile',
    session: true,
    summary: 'Turn push off for a device of the account',
    body: PushUnsubscribeSchema,
    answers: {
      204: {
        description: 'Gone (also when it was not the account’s or not there: the same answer).',
      },
      ...refusals([...JSON_WRITE, 401, 429]),
    },
  },
  {
    method: 'post',
    path: '/api/push/test',
    tag: 'profile',
    session: true,
    summary: 'Send „Powiadomienie próbne” to a device of the account',
    body: PushTestSchema,
    answers: {
      202: { description: 'Queued; it leaves at once.', schema: OkAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 404, 429], {
        404: '`not_found`: no such endpoint among the account’s devices.',
      }),
    },
  },
];
