import { and, eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { recordSecurityEvent } from '../security-log/index';

/**
 * Removes one of the user's own passkeys; another user's answers 404. From
 * then on the credential signs nothing in: sign-in looks credentials up here.
 */
export async function removePasskey(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  { userId, id, meta }: { userId: number; id: number; meta: RequestMeta },
) {
  const removed = await deps.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!removed.length) throw notFound();
  await recordSecurityEvent(deps, {
    event: 'passkey_removed',
    userId,
    meta,
    details: { passkey_id: id },
  });
}
