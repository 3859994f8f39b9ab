/**
 * The WebAuthn library, loaded at the first passkey ceremony instead of at
 * start: with its certificate parsers it is about a tenth of a second of the
 * server's cold start (bench/README.md, cold start), and most starts never
 * see a passkey before the first page is served.
 */
export function webauthn() {
  return import('@simplewebauthn/server');
}
