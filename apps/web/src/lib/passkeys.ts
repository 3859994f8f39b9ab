/**
 * The browser side of passkeys (WebAuthn), shared by sign-in (features/auth)
 * and the profile list (features/profile). `@simplewebauthn/browser` turns
 * the server's JSON options into the `navigator.credentials` calls and the
 * answers back into JSON.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AuthenticationResponse, RegistrationResponse } from '@studio/shared/passkeys';

/*
 * The library is fetched when a passkey is added or used, not with the screens
 * that offer one (/profile, /login): most visits never press the button. The
 * options come from the server first, so the fetch overlaps that request.
 */
const loadWebAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser has WebAuthn at all (the library's own test, without loading it). */
export function browserSupportsWebAuthn(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}

/** Starts fetching the library, so that a press of the button does not wait for it. */
export function preloadWebAuthn() {
  void loadWebAuthn();
}

/** Asks the browser (and the user's device) for a new passkey. */
export async function createPasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponse> {
  const { startRegistration } = await loadWebAuthn();
  const response = await startRegistration({ optionsJSON: options });
  return { ...response, clientExtensionResults: {} };
}

/** Asks the browser to sign the server's challenge with one of the site's passkeys. */
export async function signWithPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponse> {
  const { startAuthentication } = await loadWebAuthn();
  const response = await startAuthentication({ optionsJSON: options });
  return { ...response, clientExtensionResults: {} };
}

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/OPR\//, 'Opera'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** A name the user can keep or change, from the browser they add the passkey in: „Chrome, Linux”. */
export function defaultPasskeyName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(', ') || 'Klucz dostępu';
}
