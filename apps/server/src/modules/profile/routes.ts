import type { SessionsRevokedAnswer } from '@studio/shared/answers';
import { CodeConfirmSchema, UsernameChangeSchema } from '@studio/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { currentSession, endUserSessions, requireUser } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';
import { reauthRoutes } from './reauth-routes';
import { replySignatureRoutes } from './reply-signature';
import { profileSecurityRoutes } from './security-routes';
import { createProfileService } from './service';
import { totpRoutes } from './totp-routes';

export async function profileRoutes(app: FastifyInstance) {
  const profile = createProfileService(app.deps);
  await profileSecurityRoutes(app);
  await totpRoutes(app);
  await reauthRoutes(app);
  replySignatureRoutes(app);

  app.post('/api/profile/username', async (request, reply) => {
    const user = await requireUser(request, reply);
    const { username } = parse(UsernameChangeSchema, request.body);
    await profile.changeUsername({ user, username, meta: requestMeta(request) });
    return { ok: true, username };
  });

  // „Wyloguj wszystkie pozostałe” (DESIGN.md §7.3): every other browser of the
  // account is signed out at once, on every instance (security review, finding 33).
  app.post('/api/profile/sessions/revoke-others', async (request, reply) => {
    const user = await requireUser(request, reply);
    const auth = await currentSession(request, reply);
    const ended = await endUserSessions(app.deps, {
      userId: user.id,
      ...(auth ? { keepSessionId: auth.sessionId } : {}),
    });
    const meta = requestMeta(request);
    await recordSecurityEvent(app.deps, {
      event: 'sessions_revoked',
      userId: user.id,
      meta,
      details: { ended },
    });
    const answer: SessionsRevokedAnswer = { ok: true, ended };
    return answer;
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
