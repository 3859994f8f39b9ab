import type { emailCodes } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import type { RequestMeta } from '../../lib/request-meta';
import { accountSecurityMails } from '../../mail/account-security-templates';
import { sendNotice } from '../../mail/send-notice';
import { countRecipient, findUserByEmail, reserveForAddress, sendCode } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';
import { confirmPassword } from './confirm-password';

type CodePurpose = (typeof emailCodes.$inferInsert)['purpose'];
export const EMAIL_CHANGE_PURPOSE: CodePurpose = 'email_change';

/** What an e-mail change code is bound to: the user (the address is the code's own `email`). */
export const emailChangeSubject = (userId: number) => `user:${userId}`;

/**
 * „Zmień adres e-mail”, step one: the password confirms it, then a code goes to
 * the new address (the per-address and per-recipient limits of registration,
 * and the code's own send limit per recipient).
 *
 * A taken address gets the same `{ok: true}` as a free one, so the form cannot
 * be used to learn which addresses have accounts; its owner gets a notice
 * instead of a code, and the confirmation then fails as a wrong code would.
 */
export async function requestEmailChange(
  deps: AppDeps,
  input: { user: UserRow; newEmail: string; password: string; meta: RequestMeta },
): Promise<void> {
  const { meta } = input;
  const user = await confirmPassword(deps, {
    user: input.user,
    password: input.password,
    meta,
  });
  await reserveForAddress(deps, 'register', meta);
  await countRecipient(deps, meta, input.newEmail);
  const owner = await findUserByEmail(deps.db, input.newEmail);
  await recordSecurityEvent(deps, {
    event: 'email_change_requested',
    userId: user.id,
    meta,
    details: { to: input.newEmail, taken: Boolean(owner) },
  });
  if (owner) {
    // The same address as now is no change either; nobody needs a notice about it.
    if (owner.id === user.id) return;
    // Awaited like the code's e-mail below, so the answer takes about as long either way.
    await sendNotice(deps, accountSecurityMails.emailChangeTaken(owner.email));
    return;
  }
  await sendCode(
    deps,
    { purpose: EMAIL_CHANGE_PURPOSE, email: input.newEmail, subject: emailChangeSubject(user.id) },
    (code) => accountSecurityMails.emailChangeCode(input.newEmail, code),
  );
}
