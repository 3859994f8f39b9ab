import crypto from 'node:crypto';
import http from 'node:http';

/**
 * A push service on 127.0.0.1 for the server's tests (run with
 * PUSH_ALLOW_LOOPBACK=1): it takes pushes as Chrome's or Firefox's service
 * would, and checks and decrypts each one with node's crypto alone, apart
 * from the web-push library the server uses:
 * - RFC 8291 (`aes128gcm`): ECDH with the private key of the subscription it
 *   made, HKDF with the auth secret, AES-128-GCM of the single record;
 * - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<key>`, the JWT's ES256
 *   signature checked with `k`, its `aud`, `sub` and `exp`;
 * - RFC 8030: the `TTL` and `Urgency` headers.
 * Each device has its own path; `answer` queues the statuses it replies with.
 */
export interface ReceivedPush {
  device: string;
  /** When the request arrived (performance.now()). */
  at: number;
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  jwt: { aud: string; sub: string; exp: number };
  /** The VAPID public key the push was signed with (`k`). */
  vapidKey: string;
  /** The status this service answered. */
  status: number;
}

export interface TestDevice {
  name: string;
  endpoint: string;
  /** What the browser would POST to /api/push/subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

const b64url = (data: Buffer) => data.toString('base64url');

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 §3–4 and RFC 8188 §2, one record: what the user agent does on receipt. */
export function decryptAes128gcm(body: Buffer, keys: { ecdh: crypto.ECDH; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is not a P-256 point (${idLength} bytes)`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const receiverPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hkdf(keys.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=…, k=…` (RFC 8292 §3): the ES256 signature with `k`. */
export function verifyVapid(authorization: string | undefined) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no vapid authorization: ${authorization}`);
  const token = match[1];
  const key = Buffer.from(match[2], 'base64url');
  if (key.length !== 65 || key[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) throw new Error('not a JWT');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(key.subarray(1, 33)), y: b64url(key.subarray(33)) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['jwt'];
  return { jwt, vapidKey: match[2] };
}

export async function startPushService() {
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const answers = new Map<string, number[]>();
  const waiters: Array<() => void> = [];
  let count = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const device = (req.url ?? '').replace(/^\/push\//, '');
      const status = answers.get(device)?.shift() ?? 201;
      try {
        const keys = devices.get(device);
        if (!keys) throw new Error(`unknown device ${device}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        }
        const { jwt, vapidKey } = verifyVapid(req.headers.authorization);
        const plaintext = decryptAes128gcm(Buffer.concat(chunks), keys);
        received.push({
          device,
          at: performance.now(),
          payload: JSON.parse(plaintext.toString('utf8')),
          ttl: Number(req.headers.ttl),
          urgency: req.headers.urgency as string | undefined,
          jwt,
          vapidKey,
          status,
        });
      } catch (error) {
        problems.push(String(error));
      }
      res.writeHead(status).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    origin,
    received,
    /** Requests that failed a check (bad encryption, signature, headers): should stay empty. */
    problems,
    /** A browser's subscription on this service: a fresh P-256 key pair and auth secret. */
    device(name = `d${++count}`): TestDevice {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(name, { ecdh, auth });
      const endpoint = `${origin}/push/${name}`;
      return {
        name,
        endpoint,
        subscription: {
          endpoint,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
      };
    },
    /** The next requests to this device are answered with these statuses (then 201). */
    answer(device: TestDevice, ...statuses: number[]) {
      answers.set(device.name, statuses);
    },
    /** Pushes that reached a device (any status), in order. */
    to(device: TestDevice) {
      return received.filter((r) => r.device === device.name);
    },
    /** Waits until `count` requests arrived in total, or fails after `ms`. */
    async waitFor(total: number, ms = 5000) {
      const deadline = Date.now() + ms;
      while (received.length + problems.length < total) {
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${total} pushes, got ${received.length} (${problems.join('; ')})`,
          );
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
