import type { AuthenticationResponse } from '@studio/shared/passkeys';
import { eq } from 'drizzle-orm';
import { loginChallenges, passkeys, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { createSession, findLoginChallenge } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';
import { CEREMONY_TIMEOUT_MS, storeChallenge } from './challenges';
import { knownTransports } from './library-shapes';
import { passkeyBucket, reserveOrRefuse } from './limits';
import { relyingParty } from './relying-party';
import { verifyAssertion } from './verify-assertion';
import { webauthn } from './webauthn';

interface PendingLogin {
  userId: number;
  /** The password step's cookie: without it the user id alone opens nothing. */
  challengeToken: string | undefined;
}

async function pendingLogin(deps: AppDeps, { userId, challengeToken }: PendingLogin) {
  const challenge = await findLoginChallenge(deps, challengeToken, userId);
  if (!challenge) throw badRequest('invalid_passkey');
  return challenge;
}

/**
 * Options for a passkey as the second step after the password: only this
 * user's credentials are allowed, and the WebAuthn challenge is tied to the
 * password step's login challenge (it dies with it).
 */
export async function secondFactorOptions(deps: AppDeps, input: PendingLogin) {
  const login = await pendingLogin(deps, input);
  await reserveOrRefuse(deps, [
    passkeyBucket('userOptions', { userId: input.userId }, deps.config),
  ]);
  const credentials = await deps.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, input.userId));
  if (!credentials.length) throw badRequest('invalid_passkey');
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    allowCredentials: credentials.map((row) => ({
      id: row.id,
      transports: knownTransports(row.transports),
    })),
    // The password was the first factor: the key's presence is enough for the second.
    userVerification: 'preferred',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await storeChallenge(deps, options.challenge, {
    purpose: 'second_factor',
    loginChallengeId: login.id,
  });
  return options;
}

/** The passkey step of a 2FA sign-in: the right key, from this browser, starts the session. */
export async function verifySecondFactor(
  deps: AppDeps,
  input: PendingLogin & {
    response: AuthenticationResponse;
    rememberMe: boolean;
    meta: RequestMeta;
  },
) {
  const { userId, meta, rememberMe } = input;
  const login = await pendingLogin(deps, input);
  const reservation = await reserveOrRefuse(deps, [
    passkeyBucket('secondFactorFailures', { userId }, deps.config),
    passkeyBucket('signInFailures', { meta }, deps.config),
  ]);
  const passkey = await verifyAssertion(deps, {
    response: input.response,
    purpose: 'second_factor',
    loginChallengeId: login.id,
    userId,
    requireUserVerification: false,
  });
  if (!passkey) {
    await recordSecurityEvent(deps, {
      event: 'mfa_failed',
      userId,
      meta,
      details: { passkey: true },
    });
    throw badRequest('invalid_passkey');
  }
  await reservation.release();
  // One password step opens one session: of two keys' answers (each on its own WebAuthn challenge
  // of this step) sent at the same moment, only the first to take the step goes on (review N4).
  const claimed = await deps.db
    .delete(loginChallenges)
    .where(eq(loginChallenges.id, login.id))
    .returning({ id: loginChallenges.id });
  if (!claimed.length) throw badRequest('invalid_passkey');
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw badRequest('invalid_passkey');
  const session = await createSession(deps, { userId, isPersistent: rememberMe, meta });
  await recordSecurityEvent(deps, {
    event: 'login',
    userId,
    meta,
    details: { mfa: true, passkey: passkey.id },
  });
  return { user, session: { ...session, isPersistent: rememberMe } };
}
