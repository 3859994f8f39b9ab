import type { AuthenticationResponse } from '@studio/shared/passkeys';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { createSession } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';
import { passkeyBucket, reserveOrRefuse } from './limits';
import { verifyAssertion } from './verify-assertion';

/**
 * Sign-in with a passkey alone. Decision (docs/security.md): a passkey used
 * with user verification is two factors in one — the device (something you
 * have) unlocked by its PIN or biometrics (something you know or are) — so it
 * starts a full session even when the account has 2FA on. An answer without
 * user verification is refused here; such an authenticator can still serve as
 * the second factor after a password.
 */
export async function signInWithPasskey(
  deps: AppDeps,
  {
    response,
    rememberMe,
    meta,
  }: { response: AuthenticationResponse; rememberMe: boolean; meta: RequestMeta },
) {
  // Counted before the check, given back on success: parallel bad answers cannot exceed it.
  const reservation = await reserveOrRefuse(deps, [
    passkeyBucket('signInFailures', { meta }, deps.config),
  ]);
  const passkey = await verifyAssertion(deps, {
    response,
    purpose: 'sign_in',
    requireUserVerification: true,
  });
  const [user] = passkey
    ? await deps.db.select().from(users).where(eq(users.id, passkey.userId))
    : [];
  if (!passkey || !user) {
    await recordSecurityEvent(deps, { event: 'passkey_failed', userId: passkey?.userId, meta });
    throw badRequest('invalid_passkey');
  }
  await reservation.release();
  const session = await createSession(deps, { userId: user.id, isPersistent: rememberMe, meta });
  await recordSecurityEvent(deps, {
    event: 'login',
    userId: user.id,
    meta,
    details: { passkey: passkey.id },
  });
  return { user, session: { ...session, isPersistent: rememberMe } };
}
