import {
  type TeamAnswer,
  TeamGrantBodySchema,
  TeamIdParamSchema,
  type TeamMemberAnswer,
} from '@studio/shared/team';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { findUserByEmail, requireAdmin } from '../auth/index';
import { grantStaffRights, revokeStaffRights } from './staff-rights';
import { listTeam } from './team-list';

/** `:id` as a number, or 404 for anything a serial id cannot be. */
function memberId(raw: unknown): number {
  const text = typeof raw === 'string' ? raw : '';
  const id = Number(text);
  if (!TeamIdParamSchema.safeParse(text).success || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

/**
 * „Zespół” (issue 31): admins list staff, grant rights by e-mail address and
 * take them away. The command line (`npm run admin -- grant/revoke`) calls
 * the same two functions (staff-rights.ts). Admins only: a customer gets 403.
 */
export async function teamRoutes(app: FastifyInstance) {
  const { deps } = app;

  app.get('/api/admin/team', async (request, reply) => {
    await requireAdmin(request, reply);
    const answer: TeamAnswer = await listTeam(deps);
    return answer;
  });

  app.post('/api/admin/team', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    const { email } = parse(TeamGrantBodySchema, request.body);
    const account = await findUserByEmail(deps.db, email);
    if (!account) throw new AppError(404, 'account_not_found');
    await grantStaffRights(deps, {
      userId: account.id,
      actor: { adminId: admin.id, via: 'team' },
      meta: requestMeta(request),
    });
    const [member] = (await listTeam(deps, account.id)).team;
    if (!member) throw notFound();
    const answer: TeamMemberAnswer = { member };
    return reply.code(201).send(answer);
  });

  app.delete('/api/admin/team/:id', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    await revokeStaffRights(deps, {
      userId: memberId((request.params as { id?: unknown }).id),
      actor: { adminId: admin.id, via: 'team' },
      meta: requestMeta(request),
    });
    return reply.code(204).send();
  });
}
