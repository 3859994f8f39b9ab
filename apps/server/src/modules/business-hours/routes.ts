import type { BusinessHours } from '@studio/shared/business-hours';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/request-meta';
import { requireAdmin } from '../auth/index';
import { saveBusinessHours } from './save-business-hours';
import { readBusinessHours } from './settings';

/** „Godziny pracy” (DESIGN.md §7.9). Admins only, like every /api/admin call: a customer gets 403. */
export async function businessHoursRoutes(app: FastifyInstance) {
  const { deps } = app;

  app.get('/api/admin/business-hours', async (request, reply) => {
    await requireAdmin(request, reply);
    const answer: BusinessHours = await readBusinessHours(deps.db);
    return answer;
  });

  app.put('/api/admin/business-hours', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    const answer: BusinessHours = await saveBusinessHours(deps, {
      adminId: admin.id,
      body: request.body,
      meta: requestMeta(request),
    });
    return answer;
  });
}
