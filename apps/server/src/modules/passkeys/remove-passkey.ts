import { and, eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { alertAccountChange } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

/**
 * Removes one of the user's own passkeys; another user's answers 404. From
 * then on the credential signs nothing in: sign-in looks credentials up here.
 * The owner is mailed (DESIGN.md §7.7).
 */
export async function removePasskey(
  deps: AppDeps,
  { user, id, meta }: { user: UserRow; id: number; meta: RequestMeta },
) {
  const userId = user.id;
  const [removed] = await deps.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  if (!removed) throw notFound();
  await recordSecurityEvent(deps, {
    event: 'passkey_removed',
    userId,
    meta,
    details: { passkey_id: id },
  });
  await alertAccountChange(deps, {
    user,
    change: 'passkey_removed',
    meta,
    details: { passkey_id: id },
    passkeyName: removed.name,
  });
}
