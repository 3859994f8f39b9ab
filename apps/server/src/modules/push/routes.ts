import {
  PushSubscribeSchema,
  type PushSubscriptionsAnswer,
  PushTestSchema,
  PushUnsubscribeSchema,
} from '@studio/shared/push';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { requireUser } from '../auth/index';
import type { PushContext } from './context';
import { listSubscriptions } from './list-subscriptions';
import { sendTestPush } from './send-test-push';
import { subscribe } from './subscribe';
import { unsubscribe } from './unsubscribe';

/** Subscribing and unsubscribing, per account: far above a browser's real use, far below a flood. */
const CHANGES_PER_MINUTE = 30;
/** Test pushes per account: each reaches a push service we do not run. */
const TESTS_PER_MINUTE = 5;
const MINUTE = 60_000;

/**
 * Web Push in the profile (DESIGN.md §7.11): the VAPID key, the account's
 * devices, subscribing, unsubscribing, a test push. All need a session; the
 * state-changing ones pass the app's Origin check (plugins/csrf.ts).
 */
export async function pushRoutes(app: FastifyInstance, { ctx }: { ctx: PushContext }) {
  const throttle = async (key: string, limit: number) => {
    const wait = await app.deps.limiter.hit(key, limit, MINUTE);
    if (wait > 0) throw rateLimited(wait);
  };

  app.get('/api/push/public-key', async (request, reply) => {
    await requireUser(request, reply);
    return { public_key: (await ctx.keys()).publicKey };
  });

  app.get('/api/push/subscriptions', async (request, reply) => {
    const user = await requireUser(request, reply);
    const answer: PushSubscriptionsAnswer = {
      subscriptions: await listSubscriptions(ctx, user.id),
    };
    return answer;
  });

  app.post('/api/push/subscriptions', async (request, reply) => {
    const user = await requireUser(request, reply);
    await throttle(`pushChanges:${user.id}`, CHANGES_PER_MINUTE);
    const input = parse(PushSubscribeSchema, request.body);
    const { subscription, created } = await subscribe(ctx, {
      userId: user.id,
      subscription: input,
      userAgent: requestMeta(request).userAgent,
    });
    return reply.code(created ? 201 : 200).send({ subscription });
  });

  app.delete('/api/push/subscriptions', async (request, reply) => {
    const user = await requireUser(request, reply);
    await throttle(`pushChanges:${user.id}`, CHANGES_PER_MINUTE);
    const { endpoint } = parse(PushUnsubscribeSchema, request.body);
    await unsubscribe(ctx, { userId: user.id, endpoint });
    return reply.code(204).send();
  });

  app.post('/api/push/test', async (request, reply) => {
    const user = await requireUser(request, reply);
    await throttle(`pushTests:${user.id}`, TESTS_PER_MINUTE);
    const { endpoint } = parse(PushTestSchema, request.body);
    await sendTestPush(ctx, { userId: user.id, endpoint });
    return reply.code(202).send({ ok: true });
  });
}
