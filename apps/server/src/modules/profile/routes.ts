import { CodeConfirmSchema, UsernameChangeSchema } from '@studio/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { requireUser } from '../auth/index';
import { createProfileService } from './service';

export async function profileRoutes(app: FastifyInstance) {
  const profile = createProfileService(app.deps);

  app.post('/api/profile/username', async (request, reply) => {
    const user = await requireUser(request, reply);
    const { username } = parse(UsernameChangeSchema, request.body);
    await profile.changeUsername({ user, username, meta: requestMeta(request) });
    return { ok: true, username };
  });

  for (const change of ['enable', 'disable'] as const) {
    const sendCode = async (
      request: Parameters<typeof requireUser>[0],
      reply: Parameters<typeof requireUser>[1],
    ) => {
      const user = await requireUser(request, reply);
      await profile.requestMfaChange({ user, change });
      return { ok: true };
    };
    app.post(`/api/profile/mfa/${change}/request`, sendCode);
    app.post(`/api/profile/mfa/${change}/resend`, sendCode);
    app.post(`/api/profile/mfa/${change}/confirm`, async (request, reply) => {
      const user = await requireUser(request, reply);
      const { code } = parse(CodeConfirmSchema, request.body);
      await profile.confirmMfaChange({ user, change, code, meta: requestMeta(request) });
      return { ok: true };
    });
  }
}
