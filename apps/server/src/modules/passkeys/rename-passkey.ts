import { and, eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { recordSecurityEvent } from '../security-log/index';
import { toPasskey } from './passkey-view';

/** Renames one of the user's own passkeys; another user's answers 404, as if absent. */
export async function renamePasskey(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  { userId, id, name, meta }: { userId: number; id: number; name: string; meta: RequestMeta },
) {
  const [row] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound();
  await recordSecurityEvent(deps, {
    event: 'passkey_renamed',
    userId,
    meta,
    details: { passkey_id: id },
  });
  return toPasskey(row);
}
