import type { PublicUser } from '@studio/shared/types';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { requestMeta } from '../../lib/request-meta';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';
import { toPublicUser } from './guards';
import { announceSessionEvent, type NewSession, setSessionCookie } from './sessions';
import { alertIfNewBrowser } from './sign-in-alert';

/**
 * The end of every sign-in (password, second step, passkey): the session
 * cookie, an alert to the owner when this browser is new to the account (sent
 * in the background, before the device cookie marks it as known), and the
 * device cookie. A bouncing address is taken as working again (ticket e-mails
 * resume, docs/email.md): whoever signs in has seen the banner asking to check it.
 * Answers the user as the client sees it.
 */
export async function finishSignIn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { user, session }: { user: UserRow; session: NewSession },
): Promise<PublicUser> {
  setSessionCookie(reply, deps.config, session, session.isPersistent);
  void alertIfNewBrowser(deps, {
    user,
    device: readDeviceCookie(request, deps.config),
    meta: requestMeta(request),
  });
  setDeviceCookie(reply, deps.config, user);
  if (user.emailBouncingAt === null) return toPublicUser(user);
  await deps.db
    .update(users)
    .set({ emailBouncingAt: null, emailBounceClearedAt: deps.clock.now() })
    .where(eq(users.id, user.id));
  await announceSessionEvent(deps, { type: 'user-changed', userId: user.id });
  return toPublicUser({ ...user, emailBouncingAt: null });
}
