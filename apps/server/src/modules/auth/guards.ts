import type { PublicUser } from '@studio/shared/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/types';
import { AppError, forbidden } from '../../lib/errors';
import { clearSessionCookie, findSessionUser, sessionToken, setSessionCookie } from './sessions';

export interface SessionAuth {
  user: UserRow;
  sessionId: number;
  /** The last sign-in or confirmed password in this session (DESIGN.md §7.7); null: never. */
  confirmedAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled on first use by currentSession(); null means "no valid session". */
    sessionAuth?: SessionAuth | null;
  }
}

export async function currentSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionAuth | null> {
  if (request.sessionAuth !== undefined) return request.sessionAuth;
  const { config } = request.server.deps;
  const token = sessionToken(request, config);
  const found = token ? await findSessionUser(request.server.deps, token) : null;
  if (found && token && found.renewedUntil) {
    setSessionCookie(reply, config, { token, expiresAt: found.renewedUntil }, true);
  }
  // A cookie for a session that has ended is dropped, with the signed-in hint beside it.
  if (token && !found) clearSessionCookie(reply, config);
  request.sessionAuth = found
    ? { user: found.user, sessionId: found.sessionId, confirmedAt: found.confirmedAt }
    : null;
  return request.sessionAuth;
}

/** Guards throw, so a handler's happy path reads straight down. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  const auth = await currentSession(request, reply);
  if (!auth) throw new AppError(401, 'unauthorized');
  return auth.user;
}

export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<UserRow> {
  const user = await requireUser(request, reply);
  if (!user.isAdmin) throw forbidden();
  return user;
}

/**
 * Adding or removing a way to sign in (DESIGN.md §7.7) needs a sign-in or a
 * confirmed password in this session within REAUTH_WINDOW_SECONDS: a stolen
 * session cookie alone cannot plant a passkey or an authenticator app (N2,
 * N3). Called before anything changes; 403 `reauth_required` otherwise, and
 * the web app asks for the password and tries again.
 */
export async function requireRecentConfirmation(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<UserRow> {
  const auth = await currentSession(request, reply);
  if (!auth) throw new AppError(401, 'unauthorized');
  const { clock, config } = request.server.deps;
  const age = auth.confirmedAt ? clock.now().getTime() - auth.confirmedAt.getTime() : Infinity;
  if (!(age <= config.reauthWindowMs)) throw forbidden('reauth_required');
  return auth.user;
}

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    is_admin: user.isAdmin,
    mfa_enabled: user.mfaEnabled,
    email_bouncing: user.emailBouncingAt !== null,
  };
}
