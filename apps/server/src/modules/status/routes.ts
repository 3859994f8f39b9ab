import type { FirstRunAnswer, TestMailAnswer } from '@studio/shared/first-run';
import type { StatusAnswer } from '@studio/shared/status';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../auth/index';
import { firstRun } from './first-run';
import { readStatus } from './read-status';
import { sendTestMail } from './send-test-mail';

/**
 * „Stan systemu” and „Pierwsze kroki” (DESIGN.md §7.12, issue 32). Admins
 * only, like every /api/admin call: a customer gets 403, nobody 401.
 */
export async function statusRoutes(app: FastifyInstance) {
  const { deps } = app;

  app.get('/api/admin/status', async (request, reply) => {
    await requireAdmin(request, reply);
    const answer: StatusAnswer = await readStatus(app);
    return answer;
  });

  app.get('/api/admin/first-run', async (request, reply) => {
    await requireAdmin(request, reply);
    const answer: FirstRunAnswer = await firstRun(app);
    return answer;
  });

  app.post('/api/admin/status/test-mail', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    const answer: TestMailAnswer = await sendTestMail(deps, admin);
    return answer;
  });
}
