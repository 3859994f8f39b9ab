import type { RecoveryCodesAnswer } from '@studio/shared/totp';
import type { AppDeps } from '../../deps';
import type { RequestMeta } from '../../lib/request-meta';
import {
  alertAccountChange,
  guardedCodeTry,
  replaceRecoveryCodes,
  type UserRow,
  useTotpCode,
} from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

/**
 * Ten new recovery codes; every earlier one stops working. Needs a current
 * code from the app, not the password: recovery codes stand in for the app,
 * so only whoever holds the app may mint them (a stolen session or a phished
 * password is not enough).
 */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  { user, code, meta }: { user: UserRow; code: string; meta: RequestMeta },
): Promise<RecoveryCodesAnswer> {
  await guardedCodeTry(deps, { userId: user.id, meta }, () =>
    useTotpCode(deps, { userId: user.id, code }),
  );
  const codes = await deps.db.transaction((tx) =>
    replaceRecoveryCodes({ ...deps, db: tx }, user.id),
  );
  await recordSecurityEvent(deps, { event: 'recovery_codes_regenerated', userId: user.id, meta });
  await alertAccountChange(deps, { user, change: 'recovery_codes_regenerated', meta });
  return { recovery_codes: codes };
}
