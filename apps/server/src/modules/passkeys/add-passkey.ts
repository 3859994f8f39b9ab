import type { RegistrationResponse } from '@studio/shared/passkeys';
import { count, eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { alertAccountChange } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';
import { takeChallenge } from './challenges';
import { knownTransports, toRegistrationJson } from './library-shapes';
import { MAX_PASSKEYS_PER_USER } from './limits';
import { toPasskey } from './passkey-view';
import { claimedChallenge, relyingParty } from './relying-party';
import { webauthn } from './webauthn';

async function verified(deps: AppDeps, user: UserRow, response: RegistrationResponse) {
  const challenge = claimedChallenge(response.response.clientDataJSON);
  // Taken before the check: a challenge serves one answer, good or bad.
  if (!(await takeChallenge(deps, challenge, { purpose: 'register', userId: user.id }))) {
    return undefined;
  }
  const rp = relyingParty(deps.config);
  try {
    const result = await (await webauthn()).verifyRegistrationResponse({
      response: toRegistrationJson(response),
      expectedChallenge: (value) => value === challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    return result.verified ? result.registrationInfo : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores the passkey the browser just made for this user's registration
 * challenge, and mails the owner (DESIGN.md §7.7).
 */
export async function addPasskey(
  deps: AppDeps,
  {
    user,
    name,
    response,
    meta,
  }: { user: UserRow; name: string; response: RegistrationResponse; meta: RequestMeta },
) {
  const info = await verified(deps, user, response);
  if (!info) {
    await recordSecurityEvent(deps, { event: 'passkey_failed', userId: user.id, meta });
    throw badRequest('invalid_passkey');
  }
  const [held] = await deps.db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if ((held?.n ?? 0) >= MAX_PASSKEYS_PER_USER) throw badRequest('too_many_passkeys');
  const { credential } = info;
  const [row] = await deps.db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: knownTransports(credential.transports ?? response.response.transports),
      name,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  // The same authenticator again (excludeCredentials should have stopped the browser).
  if (!row) throw new AppError(409, 'duplicate');
  await recordSecurityEvent(deps, {
    event: 'passkey_added',
    userId: user.id,
    meta,
    details: { passkey_id: row.id },
  });
  // A passkey signs in alone: the owner hears of it at once, with „To nie ja” (N2).
  await alertAccountChange(deps, {
    user,
    change: 'passkey_added',
    meta,
    details: { passkey_id: row.id },
    passkeyName: row.name,
  });
  return toPasskey(row);
}
