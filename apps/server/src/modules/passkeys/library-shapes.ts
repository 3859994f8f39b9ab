import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AuthenticationResponse, RegistrationResponse } from '@studio/shared/passkeys';

/** The transports the library knows; a browser may report newer ones, which are dropped. */
const KNOWN_TRANSPORTS: readonly AuthenticatorTransport[] = [
  'ble',
  'hybrid',
  'internal',
  'nfc',
  'usb',
];

export function knownTransports(values: readonly string[] | undefined) {
  return (values ?? []).filter((value): value is AuthenticatorTransport =>
    (KNOWN_TRANSPORTS as readonly string[]).includes(value),
  );
}

/*
 * The shared schemas validate what the browser sent; these hand it to the
 * library in its own types. Extension outputs are not passed on: no extension
 * is requested, so none is trusted.
 */

/** The fields both kinds of answer share. */
function credentialFields(response: RegistrationResponse | AuthenticationResponse) {
  return {
    id: response.id,
    rawId: response.rawId,
    type: response.type,
    clientExtensionResults: {},
    ...(response.authenticatorAttachment
      ? { authenticatorAttachment: response.authenticatorAttachment }
      : {}),
  };
}

export function toRegistrationJson(response: RegistrationResponse): RegistrationResponseJSON {
  const { transports, ...attestation } = response.response;
  return {
    ...credentialFields(response),
    response: { ...attestation, transports: knownTransports(transports) },
  };
}

export function toAuthenticationJson(response: AuthenticationResponse): AuthenticationResponseJSON {
  return { ...credentialFields(response), response: response.response };
}

/** The user handle a passkey of this user carries (WebAuthn `user.id`): the id, no personal data. */
export function userHandleOf(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(String(userId));
}
