import type { PublicUser } from '@studio/shared/types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { requestMeta } from '../../lib/request-meta';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';
import { toPublicUser } from './guards';
import { type NewSession, setSessionCookie } from './sessions';
import { alertIfNewBrowser } from './sign-in-alert';

/**
 * The end of every sign-in (password, second step, passkey): the session
 * cookie, an alert to the owner when this browser is new to the account (sent
 * in the background, before the device cookie marks it as known), and the
 * device cookie. Answers the user as the client sees it.
 */
export function finishSignIn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { user, session }: { user: UserRow; session: NewSession },
): PublicUser {
  setSessionCookie(reply, deps.config, session, session.isPersistent);
  void alertIfNewBrowser(deps, {
    user,
    device: readDeviceCookie(request, deps.config),
    meta: requestMeta(request),
  });
  setDeviceCookie(reply, deps.config, user);
  return toPublicUser(user);
}
