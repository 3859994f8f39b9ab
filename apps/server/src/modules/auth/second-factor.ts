import type { MfaMethod } from '@studio/shared/totp';
import { eq } from 'drizzle-orm';
import { passkeys } from '../../db/schema/index';
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
  const methods: MfaMethod[] = (await isTotpEnabled(deps.db, user.id))
    ? ['totp', 'recovery', ...email]
    : email;
  // A passkey may answer a second step that exists; it never adds one by itself.
  if (methods.length > 0) {
    const [passkey] = await deps.db
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id))
      .limit(1);
    if (passkey) methods.push('passkey');
  }
  return methods;
}
