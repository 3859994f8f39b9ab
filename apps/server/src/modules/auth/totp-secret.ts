import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { TOTP_ISSUER } from '@studio/shared/totp';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config';
import { readCodeSecret } from '../../config-code-secret';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** 160 bits, the HMAC-SHA1 key length RFC 4226 (R6) asks for; 32 base32 letters, no padding. */
const SECRET_BYTES = 20;
/** Steps either side of now that still count, for clocks a little off and slow typists. */
const WINDOW_STEPS = 1;
const FORMAT = 'v1';

/**
 * The key the secrets are encrypted under: derived from CODE_SECRET (kept
 * outside the database), so a copy of the table or a backup alone cannot
 * compute anybody's codes. A separate derivation keeps it apart from the HMAC
 * key of e-mailed codes.
 */
function secretKey(config: Pick<Config, 'codeSecret'>): Buffer {
  const master = readCodeSecret(config.codeSecret);
  return Buffer.from(hkdfSync('sha256', master, 'studio-totp', 'totp secret at rest v1', 32));
}

/** The user id is authenticated data: a ciphertext copied to another user's row does not open. */
const associatedData = (userId: number) => Buffer.from(`user:${userId}`);

export function encryptTotpSecret(
  config: Pick<Config, 'codeSecret'>,
  userId: number,
  base32: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(config), iv);
  cipher.setAAD(associatedData(userId));
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptTotpSecret(
  config: Pick<Config, 'codeSecret'>,
  userId: number,
  stored: string,
): string {
  const [format, iv = '', tag = '', sealed = ''] = stored.split('.');
  if (format !== FORMAT) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(config), Buffer.from(iv, 'base64url'));
  decipher.setAAD(associatedData(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32.replace(/=+$/, '');
}

/** The `otpauth://` address the QR code carries: issuer = the studio, label = the username. */
export function totpUrl(base32: string, username: string): string {
  return new TOTP({
    ...TOTP_PARAMETERS,
    issuer: TOTP_ISSUER,
    label: username,
    secret: Secret.fromBase32(base32),
  }).toString();
}

/** The 30-second step a code belongs to, if it is right within ±1 step of `now`. */
export function matchingStep(base32: string, code: string, now: Date): number | undefined {
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    ...TOTP_PARAMETERS,
    token: code,
    secret: Secret.fromBase32(base32),
    timestamp,
    window: WINDOW_STEPS,
  });
  if (delta === null) return undefined;
  return TOTP.counter({ period: TOTP_PARAMETERS.period, timestamp }) + delta;
}
