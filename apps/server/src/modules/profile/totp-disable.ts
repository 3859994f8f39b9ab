import { eq } from 'drizzle-orm';
import { userTotp } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { RequestMeta } from '../../lib/request-meta';
import {
  alertAccountChange,
  deleteRecoveryCodes,
  guardedCodeTry,
  type UserRow,
  useTotpCode,
} from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

/**
 * Turns the app off with a current code from it (a session alone is not
 * enough), and removes the recovery codes with it.
 */
export async function disableTotp(
  deps: AppDeps,
  { user, code, meta }: { user: UserRow; code: string; meta: RequestMeta },
): Promise<void> {
  await guardedCodeTry(deps, { userId: user.id, meta }, () =>
    useTotpCode(deps, { userId: user.id, code }),
  );
  await deps.db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await deleteRecoveryCodes(tx, user.id);
  });
  await recordSecurityEvent(deps, { event: 'totp_disabled', userId: user.id, meta });
  await alertAccountChange(deps, { user, change: 'totp_disabled', meta });
}
