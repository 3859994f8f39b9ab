import { eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';
import { CEREMONY_TIMEOUT_MS, storeChallenge } from './challenges';
import { knownTransports, userHandleOf } from './library-shapes';
import { MAX_PASSKEYS_PER_USER, passkeyBucket, reserveOrRefuse } from './limits';
import { relyingParty } from './relying-party';
import { webauthn } from './webauthn';

/**
 * Options for „Dodaj klucz dostępu”: a discoverable credential (so sign-in
 * needs no username), user verification preferred, and the user's existing
 * credentials excluded so one authenticator is not added twice.
 */
export async function registrationOptions(deps: AppDeps, { user }: { user: UserRow }) {
  await reserveOrRefuse(deps, [passkeyBucket('userOptions', { userId: user.id }, deps.config)]);
  const existing = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= MAX_PASSKEYS_PER_USER) throw badRequest('too_many_passkeys');
  const rp = relyingParty(deps.config);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.username,
    userID: userHandleOf(user.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: knownTransports(row.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(deps, options.challenge, { purpose: 'register', userId: user.id });
  return options;
}
