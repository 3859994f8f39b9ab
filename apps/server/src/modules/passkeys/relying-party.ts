import type { Config } from '../../config';

/**
 * Who the browser signs for. The RP ID is the host name of PUBLIC_URL and the
 * origin its origin, so a passkey made on the site works only there: a
 * look-alike domain gets answers the server refuses (wrong RP ID hash and
 * origin in the signed data).
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** The name the browser shows beside the passkey. */
const RP_NAME = 'Kontakt';

export function relyingParty(config: Pick<Config, 'publicUrl'>): RelyingParty {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, name: RP_NAME, origin: url.origin };
}

/**
 * The challenge a browser's answer claims to answer, read from its
 * clientDataJSON so the stored challenge can be found (and taken) before the
 * library checks the whole answer against it. Undefined for anything malformed.
 */
export function claimedChallenge(clientDataJson: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJson, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null || !('challenge' in data)) return undefined;
    const { challenge } = data;
    return typeof challenge === 'string' && challenge.length <= 512 ? challenge : undefined;
  } catch {
    return undefined;
  }
}
