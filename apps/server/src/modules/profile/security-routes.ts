import {
  EmailChangeConfirmSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  SessionIdParamSchema,
  type SessionsAnswer,
} from '@studio/shared/account-sessions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { currentSession, type SessionAuth, setDeviceCookie } from '../auth/index';
import { changePassword } from './change-password';
import { confirmEmailChange } from './confirm-email-change';
import { listSessions } from './list-sessions';
import { requestEmailChange } from './request-email-change';
import { revokeSession } from './revoke-session';

/** The signed-in session, or 401: these calls need to know which session asks. */
async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<SessionAuth> {
  const auth = await currentSession(request, reply);
  if (!auth) throw new AppError(401, 'unauthorized');
  return auth;
}

/**
 * The profile's account-security calls of issue 19 (DESIGN.md §7.3): the
 * sessions list and ending one session, the password change and the e-mail
 * change. „Wyloguj wszystkie pozostałe” stays in routes.ts.
 */
export async function profileSecurityRoutes(app: FastifyInstance) {
  app.get('/api/profile/sessions', async (request, reply) => {
    const auth = await requireSession(request, reply);
    const answer: SessionsAnswer = {
      sessions: await listSessions(app.deps, {
        userId: auth.user.id,
        currentSessionId: auth.sessionId,
      }),
    };
    return answer;
  });

  app.delete('/api/profile/sessions/:id', async (request, reply) => {
    const auth = await requireSession(request, reply);
    const { id } = parse(SessionIdParamSchema, request.params);
    await revokeSession(app.deps, {
      userId: auth.user.id,
      sessionId: id,
      meta: requestMeta(request),
    });
    return { ok: true };
  });

  app.post('/api/profile/password', async (request, reply) => {
    const auth = await requireSession(request, reply);
    const body = parse(PasswordChangeSchema, request.body);
    const user = await changePassword(app.deps, {
      user: auth.user,
      sessionId: auth.sessionId,
      currentPassword: body.current_password,
      newPassword: body.new_password,
      meta: requestMeta(request),
    });
    // The old device cookie was signed with the old hash: this browser stays a known one.
    setDeviceCookie(reply, app.deps.config, user);
    return { ok: true };
  });

  app.post('/api/profile/email', async (request, reply) => {
    const auth = await requireSession(request, reply);
    const body = parse(EmailChangeSchema, request.body);
    await requestEmailChange(app.deps, {
      user: auth.user,
      newEmail: body.new_email,
      password: body.password,
      meta: requestMeta(request),
    });
    return { ok: true };
  });

  app.post('/api/profile/email/confirm', async (request, reply) => {
    const auth = await requireSession(request, reply);
    const { code } = parse(EmailChangeConfirmSchema, request.body);
    await confirmEmailChange(app.deps, { user: auth.user, code, meta: requestMeta(request) });
    return { ok: true };
  });
}
