/** Route table: passkeys (WebAuthn) in the profile and at sign-in (DESIGN.md §7.3). */
import { MfaVerifiedAnswerSchema, OkAnswerSchema, UserAnswerSchema } from '@studio/shared/answers';
import {
  PasskeyAnswerSchema,
  PasskeyAuthenticationOptionsSchema,
  PasskeyCreateSchema,
  PasskeyIdParamsSchema,
  PasskeyMfaOptionsSchema,
  PasskeyMfaVerifySchema,
  PasskeyRegistrationOptionsSchema,
  PasskeyRenameSchema,
  PasskeySignInSchema,
  PasskeysAnswerSchema,
} from '@studio/shared/passkeys';
import { type ApiOperation, JSON_WRITE, refusals } from './operation';
import { REAUTH_REFUSAL } from './operations-account-lock';

const INVALID_PASSKEY =
  '`invalid_passkey` (unknown or removed credential, used, expired or foreign challenge, wrong origin or RP ID, bad signature) or `validation_failed`.';
const pathParams = { id: PasskeyIdParamsSchema.shape.id };
const registrationOptions = {
  description: 'WebAuthn creation options for `navigator.credentials.create()`.',
  schema: PasskeyRegistrationOptionsSchema,
};
const authenticationOptions = {
  description: 'WebAuthn request options for `navigator.credentials.get()`.',
  schema: PasskeyAuthenticationOptionsSchema,
};

export const passkeyOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/profile/passkeys/options',
    tag: 'profile',
    session: true,
    summary: 'Options to add a passkey (discoverable, user verification preferred)',
    answers: {
      200: registrationOptions,
      ...refusals([403, 401, 429], { 400: '`too_many_passkeys`.', 403: REAUTH_REFUSAL }),
    },
  },
  {
    method: 'post',
    path: '/api/profile/passkeys',
    tag: 'profile',
    session: true,
    summary: "Store the passkey the browser made for the user's options",
    body: PasskeyCreateSchema,
    answers: {
      200: { description: 'The new passkey.', schema: PasskeyAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 409], {
        400: `${INVALID_PASSKEY} Or \`too_many_passkeys\`.`,
        403: REAUTH_REFUSAL,
        409: '`duplicate`: this authenticator is already added.',
      }),
    },
  },
  {
    method: 'get',
    path: '/api/profile/passkeys',
    tag: 'profile',
    session: true,
    summary: "The user's passkeys",
    answers: {
      200: { description: 'Oldest first.', schema: PasskeysAnswerSchema },
      ...refusals([401]),
    },
  },
  {
    method: 'patch',
    path: '/api/profile/passkeys/{id}',
    tag: 'profile',
    session: true,
    summary: 'Rename one of my passkeys',
    pathParams,
    body: PasskeyRenameSchema,
    answers: {
      200: { description: 'Renamed.', schema: PasskeyAnswerSchema },
      ...refusals([...JSON_WRITE, 401, 404]),
    },
  },
  {
    method: 'delete',
    path: '/api/profile/passkeys/{id}',
    tag: 'profile',
    session: true,
    summary: 'Remove one of my passkeys; it signs nothing in from then on',
    pathParams,
    answers: {
      200: { description: 'Removed.', schema: OkAnswerSchema },
      ...refusals([400, 401, 403, 404], { 403: REAUTH_REFUSAL }),
    },
  },
  {
    method: 'post',
    path: '/api/auth/passkey/options',
    tag: 'auth',
    session: false,
    summary: 'Options to sign in with a passkey, no username (discoverable credentials)',
    answers: { 200: authenticationOptions, ...refusals([403, 429]) },
  },
  {
    method: 'post',
    path: '/api/auth/passkey/verify',
    tag: 'auth',
    session: false,
    summary: 'Sign in with a passkey (with user verification it counts as both factors)',
    body: PasskeySignInSchema,
    answers: {
      200: { description: 'Signed in.', schema: UserAnswerSchema },
      ...refusals([...JSON_WRITE, 429], { 400: INVALID_PASSKEY }),
    },
  },
  {
    method: 'post',
    path: '/api/auth/mfa/passkey/options',
    tag: 'auth',
    session: false,
    summary: 'Options for a passkey as the second step after the password (same browser)',
    body: PasskeyMfaOptionsSchema,
    answers: {
      200: authenticationOptions,
      ...refusals([...JSON_WRITE, 429], {
        400: '`invalid_passkey` (no pending password step here, or no passkey) or `validation_failed`.',
      }),
    },
  },
  {
    method: 'post',
    path: '/api/auth/mfa/passkey/verify',
    tag: 'auth',
    session: false,
    summary: 'The passkey step of a 2FA sign-in',
    body: PasskeyMfaVerifySchema,
    answers: {
      200: { description: 'Signed in.', schema: MfaVerifiedAnswerSchema },
      ...refusals([...JSON_WRITE, 429], { 400: INVALID_PASSKEY }),
    },
  },
];
