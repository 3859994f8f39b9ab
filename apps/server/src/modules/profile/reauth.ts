import type { ReauthAnswer, ReauthBody } from '@studio/shared/account-lock';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { confirmSession, consumeCode, reserveForAddress, type SessionAuth } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';
import { confirmPassword } from './confirm-password';
import { REAUTH_CODE_PURPOSE, reauthCodeSubject } from './reauth-code';

/**
 * `POST /api/profile/reauth` (DESIGN.md §7.7): the password (or, for an
 * account without one, the e-mailed code) confirms this session, and only
 * this one, for REAUTH_WINDOW_SECONDS. A wrong password is counted like a
 * failed login, under the same budgets as the profile's other password
 * checks, so a stolen cookie does not become a password oracle.
 */
export async function reauthenticate(
  deps: AppDeps,
  { auth, body, meta }: { auth: SessionAuth; body: ReauthBody; meta: RequestMeta },
): Promise<ReauthAnswer> {
  const { user } = auth;
  if ('password' in body) {
    await confirmPassword(deps, { user, password: body.password, meta, step: 'reauth' });
  } else {
    const tries = await reserveForAddress(deps, 'codeFailures', meta);
    const isRight = await consumeCode(deps, {
      purpose: REAUTH_CODE_PURPOSE,
      email: user.email,
      subject: reauthCodeSubject(user.id),
      code: body.code,
    });
    if (!isRight) {
      await recordSecurityEvent(deps, {
        event: 'login_failed',
        userId: user.id,
        meta,
        details: { step: 'reauth_code' },
      });
      throw badRequest('invalid_code');
    }
    await tries.release();
  }
  const now = deps.clock.now();
  await confirmSession(deps, { sessionId: auth.sessionId, userId: user.id, at: now });
  await recordSecurityEvent(deps, {
    event: 'reauth',
    userId: user.id,
    meta,
    details: { with: 'password' in body ? 'password' : 'code' },
  });
  return { reauth_until: new Date(now.getTime() + deps.config.reauthWindowMs).toISOString() };
}
