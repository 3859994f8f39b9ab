import type { emailCodes } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { rateLimited } from '../../lib/errors';
import { consume } from '../../lib/rate-limiter';
import type { RequestMeta } from '../../lib/request-meta';
import { accountSecurityMails } from '../../mail/account-security-templates';
import { sendNotice } from '../../mail/send-notice';
import {
  countRecipient,
  findUserByEmail,
  reserveCodeMail,
  reserveForAddress,
  sendCode,
} from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';
import { confirmPassword } from './confirm-password';

type CodePurpose = (typeof emailCodes.$inferInsert)['purpose'];
export const EMAIL_CHANGE_PURPOSE: CodePurpose = 'email_change';

const MINUTE = 60_000;
/**
 * Requests per account, whatever address they name (review N10): one account
 * cannot spray codes or notices over many addresses from many client addresses.
 */
const ACCOUNT_LIMITS = [
  { limit: 3, windowMs: MINUTE },
  { limit: 10, windowMs: 60 * MINUTE },
];

/** What an e-mail change code is bound to: the user (the address is the code's own `email`). */
export const emailChangeSubject = (userId: number) => `user:${userId}`;

/**
 * „Zmień adres e-mail”, step one: the password confirms it, then a code goes to
 * the new address (the per-address and per-recipient limits of registration,
 * the code's own send limit per recipient, and a limit per account).
 *
 * A taken address gets the same `{ok: true}` as a free one, so the form cannot
 * be used to learn which addresses have accounts; its owner gets a notice
 * instead of a code, and the confirmation then fails as a wrong code would.
 * The notice counts against the same per-recipient budget as the code and is
 * refused the same way (review N10: uncapped, it was a mail cannon), so the
 * answers stay alike however often an address is named.
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
  const wait = await consume(deps.limiter, `email-change:user:${user.id}`, ACCOUNT_LIMITS);
  if (wait > 0) throw rateLimited(wait);
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
    await reserveCodeMail(deps, input.newEmail);
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
