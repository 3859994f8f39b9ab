import {
  type ResetSecondFactorsAnswer,
  ResetSecondFactorsBodySchema,
} from '@studio/shared/account-lock';
import {
  CustomerIdParamSchema,
  type CustomerPanelAnswer,
  type DeletedSavedReplyAnswer,
  type SavedReply,
  SavedReplyBodySchema,
  SavedReplyIdParamSchema,
  type SavedReplyListAnswer,
  SavedReplyPatchSchema,
  type StaffListAnswer,
  type StatsAnswer,
  StatsQuerySchema,
  statsPeriodOf,
} from '@studio/shared/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SnapshotCache } from '../../db/snapshot-cache';
import { notFound } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { requireAdmin } from '../auth/index';
import { customerPanel } from './customer-panel';
import { resetSecondFactors } from './reset-second-factors';
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  updateSavedReply,
} from './saved-replies';
import { listStaff } from './staff-list';
import { ticketStats } from './stats';
import { statsCsv, statsCsvFilename } from './stats-csv';
import { statsDays } from './stats-period';
import { teamRoutes } from './team-routes';

const JSON_TYPE = 'application/json; charset=utf-8';

/** `:id` as a number, or 404 for anything a serial id cannot be. */
function idParam(request: FastifyRequest, schema: z.ZodString): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = Number(raw);
  if (!schema.safeParse(raw).success || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

/**
 * The staff workspace's own calls (DESIGN.md §7.2, issue 17): saved replies,
 * the customer panel and statistics. Admins only: a customer gets 403.
 */
export async function staffRoutes(app: FastifyInstance) {
  const { deps } = app;
  const reads = new SnapshotCache(deps.db);
  await teamRoutes(app);

  app.get('/api/saved-replies', async (request, reply) => {
    await requireAdmin(request, reply);
    const answer: SavedReplyListAnswer = await listSavedReplies(deps);
    return answer;
  });

  app.post('/api/saved-replies', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    const body = parse(SavedReplyBodySchema, request.body);
    const answer: SavedReply = await createSavedReply(deps, { ...body, authorId: admin.id });
    return reply.code(201).send(answer);
  });

  app.patch('/api/saved-replies/:id', async (request, reply) => {
    await requireAdmin(request, reply);
    const id = idParam(request, SavedReplyIdParamSchema);
    const patch = parse(SavedReplyPatchSchema, request.body);
    const answer: SavedReply = await updateSavedReply(deps, { ...patch, id });
    return answer;
  });

  app.delete('/api/saved-replies/:id', async (request, reply) => {
    await requireAdmin(request, reply);
    await deleteSavedReply(deps, idParam(request, SavedReplyIdParamSchema));
    const answer: DeletedSavedReplyAnswer = { ok: true };
    return answer;
  });

  app.get('/api/admin/staff', async (request, reply) => {
    await requireAdmin(request, reply);
    const answer: StaffListAnswer = await listStaff(deps);
    return answer;
  });

  app.get('/api/admin/customers/:id', async (request, reply) => {
    await requireAdmin(request, reply);
    const answer: CustomerPanelAnswer = await customerPanel(
      deps,
      idParam(request, CustomerIdParamSchema),
    );
    return answer;
  });

  // „Zresetuj drugi etap logowania” in the customer panel (issue 28): the way
  // back for an owner locked out by a factor they no longer hold.
  app.post('/api/admin/customers/:id/reset-2fa', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    const userId = idParam(request, CustomerIdParamSchema);
    const { confirm } = parse(ResetSecondFactorsBodySchema, request.body);
    const answer: ResetSecondFactorsAnswer = {
      second_factors: await resetSecondFactors(deps, {
        userId,
        confirm,
        actor: { adminId: admin.id, via: 'staff' },
        meta: requestMeta(request),
      }),
    };
    return answer;
  });

  /** The statistics of the query's period as JSON text, cached while the database is unchanged. */
  const statsJson = async (query: unknown) => {
    const now = deps.clock.now();
    const days = statsDays(statsPeriodOf(parse(StatsQuerySchema, query)), now);
    const { json } = await reads.read(`stats:${days.first}:${days.last}`, async (tx) => {
      const answer: StatsAnswer = await ticketStats(tx, { days, now });
      return { json: JSON.stringify(answer) };
    });
    return json;
  };

  app.get('/api/admin/stats', async (request, reply) => {
    await requireAdmin(request, reply);
    return reply.type(JSON_TYPE).send(await statsJson(request.query));
  });

  // „Pobierz CSV” on the Raporty page: the same figures, for a spreadsheet (stats-csv.ts).
  app.get('/api/admin/stats.csv', async (request, reply) => {
    await requireAdmin(request, reply);
    const stats = JSON.parse(await statsJson(request.query)) as StatsAnswer;
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${statsCsvFilename(stats)}"`)
      .header('Cache-Control', 'no-store')
      .send(statsCsv(stats));
  });
}
