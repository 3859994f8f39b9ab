/**
 * Contracts of recent confirmation, account-change alerts and „To nie ja”
 * (DESIGN.md §7.7), and of the honest second-factor summary and the staff's
 * reset of a locked-out owner's second factors (issue 28).
 */
import { z } from 'zod';

/**
 * `POST /api/profile/reauth`: the current password, or for an account without
 * one (a guest of §7.6) a code mailed by `POST /api/profile/reauth/code`.
 */
export const ReauthBodySchema = z.union([
  z.object({ password: z.string().min(1).max(1024) }),
  z.object({ code: z.string().regex(/^\d{6}$/) }),
]);
/** Until when this session may add or remove a way to sign in (ISO 8601). */
export const ReauthAnswerSchema = z.object({ reauth_until: z.string() });

/** What an alert reports; the lock link names one of these. */
export const ACCOUNT_CHANGES = [
  'password_changed',
  'email_changed',
  'passkey_added',
  'passkey_removed',
  'totp_enabled',
  'totp_disabled',
  'recovery_codes_regenerated',
  'email_codes_enabled',
  'email_codes_disabled',
  'second_factors_reset',
] as const;
export type AccountChange = (typeof ACCOUNT_CHANGES)[number];

/** `POST /api/security/lock {token}` → `{ok: true}` (the link of „To nie ja”). */
export const LockBodySchema = z.object({ token: z.string().min(16).max(200) });

/**
 * Every second factor that is on, for the profile's summary
 * (`GET /api/profile/security` carries it as `second_factors`) and the staff
 * customer panel (`customer.second_factors`): never „Wyłączona” beside an
 * active app.
 */
export const SecondFactorsSchema = z.object({
  email_codes: z.boolean(),
  totp: z.boolean(),
  passkeys: z.number().int().nonnegative(),
});

/**
 * `POST /api/admin/customers/:id/reset-2fa {confirm}` (admins): `confirm` is the
 * customer's username or e-mail typed by the staff member. Turns off e-mail
 * codes and the app, removes recovery codes and passkeys, ends every session,
 * logs it and mails the customer. Answers the summary after.
 */
export const ResetSecondFactorsBodySchema = z.object({ confirm: z.string().min(1).max(320) });
export const ResetSecondFactorsAnswerSchema = z.object({ second_factors: SecondFactorsSchema });

export type ReauthBody = z.infer<typeof ReauthBodySchema>;
export type ReauthAnswer = z.infer<typeof ReauthAnswerSchema>;
export type LockBody = z.infer<typeof LockBodySchema>;
export type SecondFactors = z.infer<typeof SecondFactorsSchema>;
export type ResetSecondFactorsBody = z.infer<typeof ResetSecondFactorsBodySchema>;
export type ResetSecondFactorsAnswer = z.infer<typeof ResetSecondFactorsAnswerSchema>;
