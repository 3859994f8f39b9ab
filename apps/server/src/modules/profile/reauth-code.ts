import type { AppDeps } from '../../deps';
import { forbidden } from '../../lib/errors';
import { accountSecurityMails } from '../../mail/account-security-templates';
import { type CodePurpose, sendCode, type UserRow } from '../auth/index';

export const REAUTH_CODE_PURPOSE: CodePurpose = 'reauth';
/** A reauth code is bound to its user (the address is the code's own `email`). */
export const reauthCodeSubject = (userId: number) => `user:${userId}`;

/**
 * `POST /api/profile/reauth/code`: an account without a password (a guest of
 * DESIGN.md §7.6) confirms with a code mailed to its own address. An account
 * with a password confirms with it (403 here): a mailbox is not asked to stand
 * in for a password its owner has.
 */
export async function sendReauthCode(deps: AppDeps, { user }: { user: UserRow }): Promise<void> {
  if (user.passwordHash !== null) throw forbidden();
  await sendCode(
    deps,
    { purpose: REAUTH_CODE_PURPOSE, email: user.email, subject: reauthCodeSubject(user.id) },
    (code) => accountSecurityMails.reauthCode(user.email, code),
  );
}
