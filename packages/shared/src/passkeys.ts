/**
 * Passkeys (WebAuthn, DESIGN.md §7.3): the profile's list and the sign-in
 * calls. The browser's WebAuthn answers travel as the JSON that
 * `@simplewebauthn/browser` builds; they are bounded here and verified on the
 * server by `@simplewebauthn/server`.
 */
import { z } from 'zod';

/** Base64url text of a WebAuthn field, bounded so a request cannot carry megabytes. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** What a passkey is called in the profile: the user's words, one line. */
export const PasskeyNameSchema = z.string().trim().min(1).max(64);

const CredentialFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** `navigator.credentials.create()` as JSON (RegistrationResponseJSON). */
export const RegistrationResponseSchema = z.object({
  ...CredentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: base64url(16_384).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

/** `navigator.credentials.get()` as JSON (AuthenticationResponseJSON). */
export const AuthenticationResponseSchema = z.object({
  ...CredentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    // Room for post-quantum signatures: the registration options offer ML-DSA-44 first
    // (COSE -48, 2,420 bytes, 3,227 characters here), which Chromium's authenticator picks;
    // ML-DSA-87 signs in 4,627 bytes.
    signature: base64url(8192),
    userHandle: base64url(256).optional(),
  }),
});

const RememberMeField = { remember_me: z.boolean().optional() };

/** `POST /api/profile/passkeys`: the browser's answer to the registration options. */
export const PasskeyCreateSchema = z.object({
  name: PasskeyNameSchema,
  response: RegistrationResponseSchema,
});

/** `PATCH /api/profile/passkeys/:id`. */
export const PasskeyRenameSchema = z.object({ name: PasskeyNameSchema });

export const PasskeyIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `POST /api/auth/passkey/verify`: sign-in without a username. */
export const PasskeySignInSchema = z.object({
  response: AuthenticationResponseSchema,
  ...RememberMeField,
});

/** `POST /api/auth/mfa/passkey/options`: the second step of a password sign-in. */
export const PasskeyMfaOptionsSchema = z.object({ user_id: z.number().int().positive() });

/** `POST /api/auth/mfa/passkey/verify`. */
export const PasskeyMfaVerifySchema = z.object({
  user_id: z.number().int().positive(),
  response: AuthenticationResponseSchema,
  ...RememberMeField,
});

export const PasskeySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const PasskeyAnswerSchema = z.object({ passkey: PasskeySchema });
export const PasskeysAnswerSchema = z.object({ passkeys: z.array(PasskeySchema) });

/**
 * WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON /
 * RequestOptionsJSON); only the fields every answer has are named, the rest
 * pass through as the library writes them.
 */
export const PasskeyRegistrationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
});
export const PasskeyAuthenticationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
});

export type Passkey = z.infer<typeof PasskeySchema>;
export type PasskeyAnswer = z.infer<typeof PasskeyAnswerSchema>;
export type PasskeysAnswer = z.infer<typeof PasskeysAnswerSchema>;
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;
export type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>;
