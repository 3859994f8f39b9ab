/** Route table: recent confirmation and „To nie ja” (DESIGN.md §7.7). */
import { LockBodySchema, ReauthAnswerSchema, ReauthBodySchema } from '@studio/shared/account-lock';
import { OkAnswerSchema } from '@studio/shared/answers';
import { type ApiOperation, JSON_WRITE, refusals } from './operation';

/** The 403 of a call that adds or removes a way to sign in. */
export const REAUTH_REFUSAL =
  '`reauth_required`: no sign-in or confirmed password in this session within REAUTH_WINDOW_SECONDS (confirm with `POST /api/profile/reauth`, then call again; nothing changed). Or `forbidden`: foreign `Origin`.';

export const accountLockOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/profile/reauth',
    tag: 'profile',
    session: true,
    summary: 'Confirm this session with the password (or the mailed code without one)',
    description:
      'Confirms only this session, until `reauth_until`. A wrong password is counted like a failed login (same budgets as the other profile password checks). `{code}` is for an account without a password (code from `POST /api/profile/reauth/code`).',
    body: ReauthBodySchema,
    answers: {
      200: { description: 'Confirmed.', schema: ReauthAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 429], {
        400: '`invalid_credentials` (wrong password), `invalid_code` (wrong, used or expired code) or `validation_failed`.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/profile/reauth/code',
    tag: 'profile',
    session: true,
    summary: 'Mail a confirmation code to an account without a password',
    answers: {
      200: { description: 'Sent.', schema: OkAnswerSchema },
      ...refusals([401, 403, 429, 502], {
        403: '`forbidden`: the account has a password (confirm with it), or foreign `Origin`.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/security/lock',
    tag: 'auth',
    session: false,
    summary: '„To nie ja”: the link of an account-change alert (7 days, once)',
    description:
      'Ends every session of the account, removes what the alert names (the passkey added and any added since; the app with its recovery codes for `totp_enabled` and `recovery_codes_regenerated`; the old address back for `email_changed`) and locks the password: login answers 403 `password_reset_required` until a reset by e-mail.',
    body: LockBodySchema,
    answers: {
      200: { description: 'Locked.', schema: OkAnswerSchema },
      ...refusals([...JSON_WRITE, 429], {
        400: '`invalid_token` (unknown, used or expired link) or `validation_failed`.',
      }),
    },
  },
];
