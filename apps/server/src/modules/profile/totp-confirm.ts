import type { RecoveryCodesAnswer } from '@studio/shared/totp';
import { and, eq, isNull } from 'drizzle-orm';
import { userTotp } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import {
  alertAccountChange,
  decryptTotpSecret,
  findTotp,
  guardedCodeTry,
  matchingStep,
  replaceRecoveryCodes,
  type UserRow,
} from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

/**
 * Turns the app on with a code that proves it holds the pending secret, and
 * hands out the 10 recovery codes, in one transaction. The code's step is
 * recorded as used, so it cannot sign in afterwards.
 */
export async function confirmTotp(
  deps: AppDeps,
  { user, code, meta }: { user: UserRow; code: string; meta: RequestMeta },
): Promise<RecoveryCodesAnswer> {
  const pending = await findTotp(deps.db, user.id);
  if (!pending || pending.enabledAt) throw badRequest('invalid_code');
  const secret = decryptTotpSecret(deps.config, user.id, pending.secretCiphertext);
  let step: number | undefined;
  await guardedCodeTry(deps, { userId: user.id, meta }, async () => {
    step = matchingStep(secret, code, deps.clock.now());
    return step !== undefined;
  });
  const codes = await deps.db.transaction(async (tx) => {
    const enabled = await tx
      .update(userTotp)
      .set({ enabledAt: deps.clock.now(), lastUsedStep: step })
      .where(
        and(
          eq(userTotp.userId, user.id),
          eq(userTotp.secretCiphertext, pending.secretCiphertext),
          isNull(userTotp.enabledAt),
        ),
      )
      .returning({ userId: userTotp.userId });
    // A parallel confirmation or a newer set-up got there first.
    if (enabled.length !== 1) throw badRequest('invalid_code');
    return replaceRecoveryCodes({ ...deps, db: tx }, user.id);
  });
  await recordSecurityEvent(deps, { event: 'totp_enabled', userId: user.id, meta });
  // An app the owner does not hold locks them out (N3): they hear of it at once.
  await alertAccountChange(deps, { user, change: 'totp_enabled', meta });
  return { recovery_codes: codes };
}
