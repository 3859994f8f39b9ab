import type { AppDeps } from '../../deps';
import type { RequestMeta } from '../../lib/request-meta';
import { CEREMONY_TIMEOUT_MS, storeChallenge } from './challenges';
import { passkeyBucket, reserveOrRefuse } from './limits';
import { relyingParty } from './relying-party';
import { webauthn } from './webauthn';

/**
 * Options for „Zaloguj się kluczem dostępu”: no allowCredentials, so the
 * browser offers the site's discoverable passkeys and no username is typed.
 * User verification is required, since the passkey alone signs in.
 */
export async function signInOptions(deps: AppDeps, { meta }: { meta: RequestMeta }) {
  await reserveOrRefuse(deps, [passkeyBucket('signInOptions', { meta }, deps.config)]);
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await storeChallenge(deps, options.challenge, { purpose: 'sign_in' });
  return options;
}
