import type { TotpSetupAnswer } from '@studio/shared/totp';
import { userTotp } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { encryptTotpSecret, findTotp, newTotpSecret, totpUrl, type UserRow } from '../auth/index';

/**
 * A new pending secret for the authenticator app: stored encrypted, but not
 * in force until a code from the app confirms it. Asking again replaces a
 * pending secret; an app already on must be turned off first (409), so a
 * stolen session cannot swap the owner's app for its own.
 */
export async function setupTotp(
  deps: AppDeps,
  { user }: { user: UserRow },
): Promise<TotpSetupAnswer> {
  if ((await findTotp(deps.db, user.id))?.enabledAt) throw new AppError(409, 'duplicate');
  const secret = newTotpSecret();
  const row = {
    secretCiphertext: encryptTotpSecret(deps.config, user.id, secret),
    enabledAt: null,
    lastUsedStep: null,
    createdAt: deps.clock.now(),
  };
  await deps.db
    .insert(userTotp)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: userTotp.userId, set: row });
  return { secret, otpauth_url: totpUrl(secret, user.username) };
}
