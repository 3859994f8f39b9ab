/**
 * A software WebAuthn authenticator for server tests: a P-256 key from
 * node:crypto, "none" attestation and the few CBOR shapes WebAuthn needs.
 * It answers options as a browser with a platform authenticator would, and
 * lets a test bend any part (origin, RP ID, user verification, counter,
 * user handle) to play an attacker.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { ORIGIN } from './helpers';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) {
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(value, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

/** Definite-length CBOR (RFC 8949) for integers, strings, bytes, arrays and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Bend {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** Answer this challenge instead of the one in the options. */
  challenge?: string;
  /** Claim this user handle (base64url) in an assertion. */
  userHandle?: string;
  /** Sign with this counter instead of the next one. */
  counter?: number;
  /** Make a credential with this id (one another account already holds). */
  credentialId?: Buffer;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];
  /** Counting authenticators (security keys) raise the counter; synced passkeys send 0. */
  constructor(private readonly counts = true) {}

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  private flags(bend: Bend) {
    return FLAG_UP | (bend.userVerified === false ? 0 : FLAG_UV);
  }

  private clientData(type: string, challenge: string, bend: Bend) {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? ORIGIN,
        crossOrigin: false,
      }),
    );
  }

  /** `navigator.credentials.create()`: a new resident credential and its attestation. */
  create(options: CreationOptions, bend: Bend = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const id = bend.credentialId ?? randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cbor(coseKey)]);
    const rpId = bend.rpId ?? options.rp.id ?? 'localhost';
    const authData = this.authData(rpId, this.flags(bend) | FLAG_AT, 0, attested);
    const credential = { id, privateKey, publicKey, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, bend)),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
    };
  }

  /** `navigator.credentials.get()` with the newest (or a given) credential. */
  get(options: RequestOptions, bend: Bend = {}, credential = this.credentials.at(-1)) {
    if (!credential) throw new Error('the authenticator holds no credential');
    if (this.counts && bend.counter === undefined) credential.counter += 1;
    const counter = bend.counter ?? credential.counter;
    const rpId = bend.rpId ?? options.rpId ?? 'localhost';
    const authData = this.authData(rpId, this.flags(bend), counter);
    const clientData = this.clientData('webauthn.get', options.challenge, bend);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: bend.userHandle ?? credential.userHandle,
      },
    };
  }
}
