import type { PublicUser } from '@studio/shared/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/types';
import { AppError, forbidden } from '../../lib/errors';
import { clearSessionCookie, findSessionUser, sessionToken, setSessionCookie } from './sessions';

export interface SessionAuth {
  user: UserRow;
  sessionId: number;
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
  request.sessionAuth = found ? { user: found.user, sessionId: found.sessionId } : null;
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

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    is_admin: user.isAdmin,
    mfa_enabled: user.mfaEnabled,
  };
}
