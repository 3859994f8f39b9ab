import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../metrics/metrics';
import type { JobRunner } from '../notifications/index';
import { PUSH_JOB, type PushContext, type PushJob } from './context';
import { pushRoutes } from './routes';
import { runPushJob } from './run-push-job';
import { vapidKeysOnce } from './vapid-keys';

/**
 * Web Push (DESIGN.md §7.11, issue 33): the routes, the outbox kind that
 * delivers, and the wake-up: a write that queued pushes says so on its ticket
 * event (published after commit), and every instance that hears it runs its
 * outbox at once, so the push leaves now rather than at the next 2 s poll.
 * Jobs are claimed with SKIP LOCKED, so waking several instances sends each
 * push once.
 */
export async function setUpPush(
  app: FastifyInstance,
  options: {
    jobs: JobRunner;
    metrics: Metrics | null;
    /** The tickets module's bus channel (passed in: the tickets module imports this one). */
    ticketsChannel: string;
  },
) {
  const { deps } = app;
  const { jobs, metrics } = options;
  let closed = false;
  const wake = () => {
    if (closed) return;
    jobs.runDue().catch((error: unknown) => deps.log.error({ err: error }, 'push wake-up failed'));
  };
  const ctx: PushContext = {
    deps,
    keys: vapidKeysOnce(deps.db, () => deps.clock.now()),
    wake,
    count: (outcome) => metrics?.pushDelivery(outcome),
  };
  jobs.handle(PUSH_JOB, (payload) => runPushJob(ctx, payload as PushJob));
  const stop = await deps.bus.subscribe(options.ticketsChannel, (event) => {
    if ((event as { pushQueued?: boolean }).pushQueued) wake();
  });
  // The bus may be closed already (app.ts closes it on close too): nothing left to stop then.
  app.addHook('onClose', async () => {
    closed = true;
    await stop().catch(() => {});
  });
  await app.register(pushRoutes, { ctx });
}
