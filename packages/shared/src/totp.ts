/**
 * Contracts of the authenticator app (TOTP) and recovery codes (DESIGN.md §7.3):
 * the second-factor methods of a login, the profile calls and their answers.
 */
import { z } from 'zod';
import { SecondFactorsSchema } from './account-lock';

/**
 * The ways to pass the second step of a login. `"email"` is the e-mailed code
 * of before and the default of `POST /api/auth/mfa/verify`.
 */
export const MFA_METHODS = ['email', 'totp', 'recovery', 'passkey'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];
export const MfaMethodSchema = z.enum(MFA_METHODS);

/** The name authenticator apps show above the code (the site's name). */
export const TOTP_ISSUER = 'Nasze Studio';
/** How many recovery codes a confirmation or a regeneration hands out. */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the app; spaces people type between the halves are dropped. */
export const TotpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

export const TotpCodeBodySchema = z.object({ code: TotpCodeSchema });

/** `POST /api/profile/totp/setup`: a pending secret, on only once confirmed. */
export const TotpSetupAnswerSchema = z.object({
  secret: z.string().regex(/^[A-Z2-7]{32,}$/),
  otpauth_url: z.string().regex(/^otpauth:\/\/totp\//),
});

/** `POST /api/profile/totp/confirm` and `POST /api/profile/recovery-codes`: shown once. */
export const RecoveryCodesAnswerSchema = z.object({
  recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

/** `GET /api/profile/security`. */
export const SecurityStatusAnswerSchema = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int().nonnegative(),
  /** Every second factor that is on (issue 28): the profile's summary names each. */
  second_factors: SecondFactorsSchema,
});

export type TotpSetupAnswer = z.infer<typeof TotpSetupAnswerSchema>;
export type RecoveryCodesAnswer = z.infer<typeof RecoveryCodesAnswerSchema>;
export type SecurityStatusAnswer = z.infer<typeof SecurityStatusAnswerSchema>;
