import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/validate';
import { requireUser } from '../auth/index';
import { emailEnabled, setEmailEnabled } from './email-preference';
import { staffNotificationRoutes } from './staff-notification-prefs';
import { unsubscribeRoutes } from './unsubscribe-routes';
import type { JobRunner } from './worker';

const PrefsSchema = z.object({ email: z.boolean() });

/** GET/POST /api/profile/notifications: `{ email: boolean }` (ticket e-mails on or off). */
export async function notificationRoutes(app: FastifyInstance, options: { jobs: JobRunner }) {
  const { db, clock } = app.deps;
  options.jobs.start();
  app.addHook('onClose', () => options.jobs.stop());
  await app.register(unsubscribeRoutes);
  staffNotificationRoutes(app);

  app.get('/api/profile/notifications', async (request, reply) => {
    const user = await requireUser(request, reply);
    return { email: await emailEnabled(db, user.id) };
  });

  app.post('/api/profile/notifications', async (request, reply) => {
    const user = await requireUser(request, reply);
    const { email } = parse(PrefsSchema, request.body);
    await setEmailEnabled(db, user.id, email, clock.now());
    return { email };
  });
}
