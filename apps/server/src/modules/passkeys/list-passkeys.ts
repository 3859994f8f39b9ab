import { asc, eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { toPasskey } from './passkey-view';

/** The user's own passkeys, oldest first. */
export async function listPasskeys(deps: Pick<AppDeps, 'db'>, { userId }: { userId: number }) {
  const rows = await deps.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}
