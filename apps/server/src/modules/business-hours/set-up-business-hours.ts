import type { FastifyInstance } from 'fastify';
import {
  OVERDUE_MAIL_JOB,
  type OverdueMailJob,
  sendOverdueMail,
  startOverdueSchedule,
} from './overdue-mail';
import { recomputeDueTimes } from './recompute-due';
import { businessHoursRoutes } from './routes';
import { readBusinessHours } from './settings';

/**
 * The routes, the overdue mail's job and its minute-by-minute look (off in
 * tests, which call checkOverdue), and a start-up pass that gives a due time
 * to tickets that waited on staff before due times were stored.
 */
export async function setUpBusinessHours(app: FastifyInstance) {
  const { deps } = app;
  app.jobs.handle(OVERDUE_MAIL_JOB, (payload) => sendOverdueMail(deps, payload as OverdueMailJob));
  await app.register(businessHoursRoutes);
  let backfill: Promise<void> = Promise.resolve();
  app.addHook('onListen', async () => {
    backfill = readBusinessHours(deps.db)
      .then((hours) => recomputeDueTimes(deps.db, hours, { onlyMissing: true }))
      .then((filled) => {
        if (filled > 0) app.log.info({ tickets: filled }, 'due times written for older tickets');
      })
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'due times of older tickets failed'),
      );
  });
  if (deps.config.env !== 'test') {
    const stop = startOverdueSchedule(app);
    app.addHook('onClose', async () => stop());
  }
  app.addHook('onClose', async () => {
    await backfill;
  });
}
