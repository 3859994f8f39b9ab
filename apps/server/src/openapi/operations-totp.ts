/** Route table: the authenticator app (TOTP), recovery codes and the e-mailed code on request. */
import { OkAnswerSchema } from '@studio/shared/answers';
import { MfaResendSchema } from '@studio/shared/schemas';
import {
  RecoveryCodesAnswerSchema,
  SecurityStatusAnswerSchema,
  TotpCodeBodySchema,
  TotpSetupAnswerSchema,
} from '@studio/shared/totp';
import { type ApiOperation, JSON_WRITE, refusals } from './operation';
import { REAUTH_REFUSAL } from './operations-account-lock';

/** A change confirmed with a current code from the app, under the second-factor throttle. */
const appCodeRefusals = refusals([...JSON_WRITE, 401, 429], {
  400: '`invalid_code` (wrong, reused or expired code; app not on) or `validation_failed`.',
});

const recoveryCodesAnswer = {
  200: {
    description: 'The 10 recovery codes, shown this once (earlier ones no longer work).',
    schema: RecoveryCodesAnswerSchema,
  },
};

export const totpOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/auth/mfa/send-email',
    tag: 'auth',
    session: false,
    summary:
      '„Wyślij kod e-mailem”: an e-mailed code for a pending sign-in whose first method is the app',
    description:
      'Only when e-mail codes are on too; same browser (challenge cookie) and send limits as resend.',
    body: MfaResendSchema,
    answers: {
      200: { description: 'Sent.', schema: OkAnswerSchema },
      ...refusals([...JSON_WRITE, 429, 502], { 400: '`invalid_code`.' }),
    },
  },
  {
    method: 'get',
    path: '/api/profile/security',
    tag: 'profile',
    session: true,
    summary: 'Whether the authenticator app is on and how many recovery codes are left',
    answers: {
      200: { description: 'The state.', schema: SecurityStatusAnswerSchema },
      ...refusals([401]),
    },
  },
  {
    method: 'post',
    path: '/api/profile/totp/setup',
    tag: 'profile',
    session: true,
    summary: 'A new pending authenticator-app secret (on only once confirmed)',
    answers: {
      200: { description: 'The secret and its otpauth:// address.', schema: TotpSetupAnswerSchema },
      ...refusals([401, 403, 409], {
        403: REAUTH_REFUSAL,
        409: '`duplicate`: the app is already on.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/profile/totp/confirm',
    tag: 'profile',
    session: true,
    summary: 'Turn the authenticator app on with a code from it; answers the recovery codes',
    body: TotpCodeBodySchema,
    answers: {
      ...recoveryCodesAnswer,
      ...appCodeRefusals,
      ...refusals([403], { 403: REAUTH_REFUSAL }),
    },
  },
  {
    method: 'post',
    path: '/api/profile/totp/disable',
    tag: 'profile',
    session: true,
    summary: 'Turn the authenticator app off with a current code from it (recovery codes go too)',
    body: TotpCodeBodySchema,
    answers: { 200: { description: 'Off.', schema: OkAnswerSchema }, ...appCodeRefusals },
  },
  {
    method: 'post',
    path: '/api/profile/recovery-codes',
    tag: 'profile',
    session: true,
    summary: 'New recovery codes (a current code from the app confirms it)',
    body: TotpCodeBodySchema,
    answers: { ...recoveryCodesAnswer, ...appCodeRefusals },
  },
];
