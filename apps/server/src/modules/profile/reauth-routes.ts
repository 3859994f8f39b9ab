import { ReauthBodySchema } from '@studio/shared/account-lock';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { currentSession, requireUser } from '../auth/index';
import { reauthenticate } from './reauth';
import { sendReauthCode } from './reauth-code';

/** Recent confirmation (DESIGN.md §7.7): the password, or a mailed code without one. */
export async function reauthRoutes(app: FastifyInstance) {
  app.post('/api/profile/reauth', async (request, reply) => {
    const auth = await currentSession(request, reply);
    if (!auth) throw new AppError(401, 'unauthorized');
    const body = parse(ReauthBodySchema, request.body);
    return reauthenticate(app.deps, { auth, body, meta: requestMeta(request) });
  });

  app.post('/api/profile/reauth/code', async (request, reply) => {
    const user = await requireUser(request, reply);
    await sendReauthCode(app.deps, { user });
    return { ok: true };
  });
}
