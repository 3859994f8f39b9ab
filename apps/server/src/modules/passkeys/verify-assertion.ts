import type { AuthenticationResponse } from '@studio/shared/passkeys';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { passkeys } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { type ChallengePurpose, takeChallenge } from './challenges';
import { knownTransports, toAuthenticationJson, userHandleOf } from './library-shapes';
import type { PasskeyRow } from './passkey-view';
import { claimedChallenge, relyingParty } from './relying-party';
import { webauthn } from './webauthn';

/**
 * Checks a browser's signed answer (an assertion) and answers the passkey that
 * made it, or undefined for any failure (the caller says only
 * `invalid_passkey`, so a prober learns nothing about which part failed).
 *
 * Replays die twice over: the challenge is taken by its first answer, and a
 * signature counter that did not grow is refused (for authenticators that
 * count; synced passkeys send 0 and rely on the challenge alone). The library
 * compares with the counter it was given; the stored one moves only forward,
 * in one conditional statement, so two answers with the same counter on two
 * challenges at the same moment cannot both pass (review N5).
 */
export async function verifyAssertion(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: {
    response: AuthenticationResponse;
    purpose: Exclude<ChallengePurpose, 'register'>;
    /** A second factor: the password step's challenge, and whose passkey it must be. */
    loginChallengeId?: number;
    userId?: number;
    requireUserVerification: boolean;
  },
): Promise<PasskeyRow | undefined> {
  const { response } = input;
  const challenge = claimedChallenge(response.response.clientDataJSON);
  const taken = await takeChallenge(deps, challenge, {
    purpose: input.purpose,
    ...(input.loginChallengeId === undefined ? {} : { loginChallengeId: input.loginChallengeId }),
  });
  if (!taken) return undefined;
  const [row] = await deps.db
    .select()
    .from(passkeys)
    .where(
      and(
        eq(passkeys.credentialId, response.id),
        input.userId === undefined ? undefined : eq(passkeys.userId, input.userId),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  // A discoverable credential names its user; it must be the passkey's owner.
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandleOf(row.userId)).toString('base64url')) {
    return undefined;
  }
  const rp = relyingParty(deps.config);
  try {
    const { verified, authenticationInfo } = await (await webauthn()).verifyAuthenticationResponse({
      response: toAuthenticationJson(response),
      expectedChallenge: (value) => value === challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
        counter: row.counter,
        transports: knownTransports(row.transports),
      },
      requireUserVerification: input.requireUserVerification,
    });
    if (!verified) return undefined;
    const now = deps.clock.now();
    const { newCounter } = authenticationInfo;
    const [moved] = await deps.db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: now })
      .where(
        and(
          eq(passkeys.id, row.id),
          or(lt(passkeys.counter, newCounter), sql`${newCounter}::bigint = 0`),
        ),
      )
      .returning({ id: passkeys.id });
    if (!moved) return undefined;
    return { ...row, counter: newCounter, lastUsedAt: now };
  } catch {
    return undefined;
  }
}
