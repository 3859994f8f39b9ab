import type { Passkey } from '@studio/shared/passkeys';
import type { passkeys } from '../../db/schema/index';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** A passkey as the profile lists it: never the key or the credential id. */
export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
