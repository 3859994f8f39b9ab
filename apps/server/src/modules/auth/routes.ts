import type { MeAnswer } from '@studio/shared/answers';
import { MFA_CHALLENGE_COOKIE as CHALLENGE_COOKIE } from '@studio/shared/cookies';
import {
  LoginSchema,
  MfaResendSchema,
  MfaVerifySchema,
  RegisterSchema,
  ResetConfirmSchema,
  ResetRequestSchema,
  VerifyEmailSchema,
} from '@studio/shared/schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest } from '../../lib/errors';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { recordSecurityEvent } from '../security-log/index';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';
import { finishSignIn } from './finish-sign-in';
import { currentSession, requireUser, toPublicUser } from './guards';
import { createAuthService } from './service';
import {
  announceSessionEvent,
  baseCookieOptions,
  clearSessionCookie,
  cookieName,
  deleteSession,
  type NewSession,
  setSessionCookie,
} from './sessions';

export async function authRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const auth = createAuthService(app.deps);

  const startSession = (reply: FastifyReply, session: NewSession) =>
    setSessionCookie(reply, config, session, session.isPersistent);

  app.get('/api/auth/me', async (request, reply) => {
    const user = await requireUser(request, reply);
    // isStaff is the deprecated spelling, kept while the web app reads it (decision 008).
    const answer: MeAnswer = {
      user: toPublicUser(user),
      is_staff: user.isAdmin,
      isStaff: user.isAdmin,
    };
    return answer;
  });

  app.post('/api/auth/register', async (request) => {
    await auth.register({ input: parse(RegisterSchema, request.body), meta: requestMeta(request) });
    return { ok: true };
  });

  app.post('/api/auth/verify-email', async (request, reply) => {
    const input = parse(VerifyEmailSchema, request.body);
    const { user, session } = await auth.verifyEmail({ input, meta: requestMeta(request) });
    startSession(reply, session);
    // The registering browser is the account's first device: its next sign-in is no alert.
    setDeviceCookie(reply, config, user);
    return { user: toPublicUser(user) };
  });

  app.post('/api/auth/login', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body.identifier !== 'string' || typeof body.password !== 'string') {
      throw badRequest('missing_credentials');
    }
    const input = parse(LoginSchema, body);
    const device = readDeviceCookie(request, config);
    const meta = requestMeta(request);
    const result = await auth.login({ ...input, device, meta });
    if (result.kind === 'mfa') {
      // Binds the code step to this browser: the user id alone is not enough.
      reply.setCookie(cookieName(config, CHALLENGE_COOKIE), result.challengeToken, {
        ...baseCookieOptions(config),
        maxAge: 10 * 60,
      });
      return { mfa_required: true, user_id: result.user.id, methods: result.methods };
    }
    return { user: await finishSignIn(app.deps, request, reply, result) };
  });

  app.post('/api/auth/mfa/verify', async (request, reply) => {
    const input = parse(MfaVerifySchema, request.body);
    const signedIn = await auth.verifyMfa({
      ...input,
      method: input.method ?? 'email',
      challengeToken: request.cookies[cookieName(config, CHALLENGE_COOKIE)],
      meta: requestMeta(request),
    });
    reply.clearCookie(cookieName(config, CHALLENGE_COOKIE), baseCookieOptions(config));
    return { ok: true, user: await finishSignIn(app.deps, request, reply, signedIn) };
  });

  // „Wyślij kod e-mailem” (send-email) when the app is the first method; resend otherwise.
  // Both send under the same per-address send limits and need the challenge cookie.
  for (const path of ['/api/auth/mfa/resend', '/api/auth/mfa/send-email']) {
    app.post(path, async (request) => {
      const input = parse(MfaResendSchema, request.body);
      await auth.resendMfa({
        userId: input.userId,
        challengeToken: request.cookies[cookieName(config, CHALLENGE_COOKIE)],
      });
      return { ok: true };
    });
  }

  app.post('/api/auth/logout', async (request, reply) => {
    const session = await currentSession(request, reply);
    if (session) {
      await deleteSession(app.deps, session.sessionId);
      // Logged before the announcement, which may fail while Redis is down (finding 8).
      await recordSecurityEvent(app.deps, {
        event: 'logout',
        userId: session.user.id,
        meta: requestMeta(request),
      });
      await announceSessionEvent(app.deps, { type: 'session-ended', sessionId: session.sessionId });
    }
    clearSessionCookie(reply, config);
    return { ok: true };
  });

  app.post('/api/auth/password-reset/request', async (request) => {
    const { email } = parse(ResetRequestSchema, request.body);
    await auth.requestPasswordReset({ email, meta: requestMeta(request) });
    return { ok: true };
  });

  app.post('/api/auth/password-reset/confirm', async (request) => {
    const input = parse(ResetConfirmSchema, request.body);
    const { userId } = await auth.confirmPasswordReset({ ...input, meta: requestMeta(request) });
    await announceSessionEvent(app.deps, { type: 'user-sessions-ended', userId });
    return { ok: true };
  });
}
