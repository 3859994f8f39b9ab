import type { MfaMethod } from '@studio/shared/totp';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { isTotpEnabled } from './totp-codes';

/**
 * The second-factor methods a login of this user offers, in the order the
 * login page offers them; empty when the password alone signs in. With the
 * app on, its code comes first and e-mailed codes (if on too) are sent only
 * on request.
 */
export async function secondFactorMethods(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
): Promise<MfaMethod[]> {
  const email: MfaMethod[] = user.mfaEnabled ? ['email'] : [];
  if (await isTotpEnabled(deps.db, user.id)) return ['totp', 'recovery', ...email];
  return email;
}
