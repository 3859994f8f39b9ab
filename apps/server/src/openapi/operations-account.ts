/** Route table: sign-in, account and profile calls, and the API's own meta calls. */
import {
  HealthAnswerSchema,
  LoginAnswerSchema,
  MeAnswerSchema,
  MfaVerifiedAnswerSchema,
  NotificationPrefsSchema,
  OkAnswerSchema,
  SessionsRevokedAnswerSchema,
  UserAnswerSchema,
  UsernameChangedAnswerSchema,
} from '@studio/shared/answers';
import {
  CodeConfirmSchema,
  ExportRequestSchema,
  LoginSchema,
  MfaResendSchema,
  MfaVerifySchema,
  RegisterSchema,
  ResetConfirmSchema,
  ResetRequestSchema,
  UsernameChangeSchema,
  VerifyEmailSchema,
} from '@studio/shared/schemas';
import { type ApiOperation, JSON_WRITE, REFUSALS, refusals } from './operation';

const ok = { 200: { description: 'Done.', schema: OkAnswerSchema } };

/** A signed-in user's change confirmed with an e-mailed code (2FA on/off, account deletion). */
const codeConfirmAnswers = {
  ...ok,
  ...refusals([...JSON_WRITE, 401, 429], { 400: '`invalid_code` or `validation_failed`.' }),
};

const authOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/auth/me',
    tag: 'auth',
    session: true,
    summary: 'The signed-in user and whether they are staff',
    answers: {
      200: { description: 'The session user.', schema: MeAnswerSchema },
      ...refusals([401]),
    },
  },
  {
    method: 'post',
    path: '/api/auth/register',
    tag: 'auth',
    session: false,
    summary: 'Start a registration: e-mails a 6-digit code',
    body: RegisterSchema,
    answers: {
      ...ok,
      ...refusals([...JSON_WRITE, 409, 429, 502], {
        400: '`validation_failed` or `weak_password`.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/auth/verify-email',
    tag: 'auth',
    session: false,
    summary: 'Finish a registration with the e-mailed code; starts a session',
    body: VerifyEmailSchema,
    answers: {
      200: { description: 'Registered and signed in.', schema: UserAnswerSchema },
      ...refusals([...JSON_WRITE, 409, 429], { 400: '`invalid_code` or `validation_failed`.' }),
    },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    session: false,
    summary: 'Sign in with username or e-mail and password',
    description:
      'With 2FA on, no session yet: `{mfa_required, user_id, methods}`. `methods` lists `totp`, `recovery` and `email` when the app is on; it is absent when the e-mailed code (sent at once) is the only method.',
    body: LoginSchema,
    answers: {
      200: { description: 'Signed in, or the code step.', schema: LoginAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 429, 502], {
        400: '`missing_credentials` or `validation_failed`.',
        401: '`invalid_credentials`.',
        403: '`password_reset_required`: the right password, but „To nie ja” locked it until a reset by e-mail. Or `forbidden`: foreign `Origin`.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/auth/mfa/verify',
    tag: 'auth',
    session: false,
    summary: 'The code step of a 2FA sign-in (same browser as the password step)',
    body: MfaVerifySchema,
    answers: {
      200: { description: 'Signed in.', schema: MfaVerifiedAnswerSchema },
      ...refusals([...JSON_WRITE, 429], { 400: '`invalid_code` or `validation_failed`.' }),
    },
  },
  {
    method: 'post',
    path: '/api/auth/mfa/resend',
    tag: 'auth',
    session: false,
    summary: 'A new code for a pending 2FA sign-in',
    body: MfaResendSchema,
    answers: { ...ok, ...refusals([...JSON_WRITE, 429, 502], { 400: '`invalid_code`.' }) },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    session: false,
    summary: 'End the session (if any) and clear its cookie',
    answers: { ...ok, ...refusals([403]) },
  },
  {
    method: 'post',
    path: '/api/auth/password-reset/request',
    tag: 'auth',
    session: false,
    summary: 'E-mail a reset link (the same answer whether the address is known or not)',
    body: ResetRequestSchema,
    answers: { ...ok, ...refusals([...JSON_WRITE, 429]) },
  },
  {
    method: 'post',
    path: '/api/auth/password-reset/confirm',
    tag: 'auth',
    session: false,
    summary: 'Set a new password with the token of the reset link; ends every session',
    body: ResetConfirmSchema,
    answers: {
      ...ok,
      ...refusals([...JSON_WRITE, 429], {
        400: '`invalid_token`, `weak_password` or `validation_failed`.',
      }),
    },
  },
];

const mfaChangeOperations: ApiOperation[] = (['enable', 'disable'] as const).flatMap((change) => [
  ...(['request', 'resend'] as const).map(
    (step): ApiOperation => ({
      method: 'post',
      path: `/api/profile/mfa/${change}/${step}`,
      tag: 'profile',
      session: true,
      summary: `E-mail a code to ${change} 2FA${step === 'resend' ? ' (again)' : ''}`,
      answers: { ...ok, ...refusals([401, 403, 429, 502]) },
    }),
  ),
  {
    method: 'post',
    path: `/api/profile/mfa/${change}/confirm`,
    tag: 'profile',
    session: true,
    summary: `${change === 'enable' ? 'Enable' : 'Disable'} 2FA with the e-mailed code`,
    body: CodeConfirmSchema,
    answers: codeConfirmAnswers,
  },
]);

const profileOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/profile/username',
    tag: 'profile',
    session: true,
    summary: 'Change the username',
    body: UsernameChangeSchema,
    answers: {
      200: { description: 'Changed.', schema: UsernameChangedAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 409], { 409: '`username_taken`.' }),
    },
  },
  ...mfaChangeOperations,
  {
    method: 'get',
    path: '/api/profile/notifications',
    tag: 'profile',
    session: true,
    summary: 'Whether ticket e-mails are on',
    answers: {
      200: { description: 'The setting.', schema: NotificationPrefsSchema },
      ...refusals([401]),
    },
  },
  {
    method: 'post',
    path: '/api/profile/notifications',
    tag: 'profile',
    session: true,
    summary: 'Turn ticket e-mails on or off',
    body: NotificationPrefsSchema,
    answers: {
      200: { description: 'The new setting.', schema: NotificationPrefsSchema },
      ...refusals([...JSON_WRITE, 401]),
    },
  },
  {
    method: 'post',
    path: '/api/profile/sessions/revoke-others',
    tag: 'profile',
    session: true,
    summary: 'Sign out every other browser of my account, at once on every instance',
    answers: {
      200: { description: 'How many sessions ended.', schema: SessionsRevokedAnswerSchema },
      ...refusals([401, 403]),
    },
  },
  {
    method: 'post',
    path: '/api/profile/export',
    tag: 'profile',
    session: true,
    summary: 'Download all of my data as a ZIP archive (the password confirms it), streamed',
    description:
      '`konto.json` (account, settings, reply signature, ways of signing in without their secrets), `zgloszenia.json` (own tickets, public messages, ratings), `zalaczniki/`, `urzadzenia.json` (sessions, push devices), `wyslane-powiadomienia.json`, `dziennik-bezpieczenstwa.json` and `CZYTAJ-TO.txt`; docs/security.md lists every table and why it is in or out.',
    body: ExportRequestSchema,
    answers: {
      200: {
        description: 'The archive (`moje-dane-<date>.zip`).',
        media: {
          type: 'application/zip',
          schema: { type: 'string', contentMediaType: 'application/zip' },
        },
        headers: { 'Content-Disposition': 'attachment; filename="moje-dane-<date>.zip"' },
      },
      ...refusals([...JSON_WRITE, 401, 413, 429], {
        400: '`invalid_credentials` (wrong password) or `validation_failed`.',
        413: '`export_too_large`: more than one ZIP archive can hold.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/profile/delete/request',
    tag: 'profile',
    session: true,
    summary: 'E-mail a code that confirms deleting the account',
    answers: { ...ok, ...refusals([401, 403, 429, 502]) },
  },
  {
    method: 'post',
    path: '/api/profile/delete/confirm',
    tag: 'profile',
    session: true,
    summary: 'Delete the account with the e-mailed code; ends the session',
    body: CodeConfirmSchema,
    answers: codeConfirmAnswers,
  },
];

const metaOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/health',
    tag: 'meta',
    session: false,
    summary: 'Up or down (for load balancers and monitoring)',
    answers: {
      200: { description: 'Up.', schema: HealthAnswerSchema },
      503: {
        ...REFUSALS[400],
        description: '`service_unavailable`: the database does not answer.',
      },
    },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'meta',
    session: false,
    summary: 'This document (OpenAPI 3.1)',
    answers: { 200: { description: 'The document.', media: { type: 'application/json' } } },
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'meta',
    session: false,
    summary: 'This document as a readable page',
    answers: { 200: { description: 'The reference page.', media: { type: 'text/html' } } },
  },
];

export const accountOperations: ApiOperation[] = [
  ...metaOperations,
  ...authOperations,
  ...profileOperations,
];
