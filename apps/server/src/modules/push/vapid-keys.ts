import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { systemState } from '../../db/schema/index';

/** The `system_state` row holding the VAPID key pair (RFC 8292). */
const VAPID_STATE_KEY = 'push_vapid_keys';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what browsers take as `applicationServerKey`. */
  publicKey: string;
  /** The private scalar, base64url. */
  privateKey: string;
}

interface StoredKeys {
  public_key: string;
  private_key: string;
}

/**
 * The server's VAPID keys, made on first use and kept in the database: every
 * browser subscribed with this public key, so it must outlive restarts and be
 * the same on every instance. Two instances making them at once both insert
 * with ON CONFLICT DO NOTHING and then read the row, so the loser uses the
 * winner's pair.
 */
export async function readOrMakeVapidKeys(db: Db, now: Date): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  const fresh: StoredKeys = { public_key: made.publicKey, private_key: made.privateKey };
  await db
    .insert(systemState)
    .values({ key: VAPID_STATE_KEY, value: fresh, updatedAt: now })
    .onConflictDoNothing({ target: systemState.key });
  const [row] = await db
    .select({ value: systemState.value })
    .from(systemState)
    .where(eq(systemState.key, VAPID_STATE_KEY));
  const stored = row?.value as StoredKeys | undefined;
  if (!stored) throw new Error('VAPID keys not stored');
  return { publicKey: stored.public_key, privateKey: stored.private_key };
}

/** The pair never changes once made: an app reads it once and keeps it (a failed read is tried again). */
export function vapidKeysOnce(db: Db, now: () => Date): () => Promise<VapidKeys> {
  let reading: Promise<VapidKeys> | null = null;
  return () => {
    reading ??= readOrMakeVapidKeys(db, now()).catch((error: unknown) => {
      reading = null;
      throw error;
    });
    return reading;
  };
}

/** The JWT's `sub` (RFC 8292 §2.1): `mailto:` and the address of MAIL_FROM, without its name. */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}
