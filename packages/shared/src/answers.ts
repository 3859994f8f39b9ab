/**
 * Answers of the auth, profile and health calls (DESIGN.md §5), as zod schemas
 * so the API document (apps/server/src/openapi) is generated from them; the
 * tickets answers live in tickets.ts. Field names: docs/decisions/008-field-names.md.
 */
import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { MfaMethodSchema } from './totp';

export const PublicUserSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  mfa_enabled: z.boolean(),
  /** A delivery report said mail to this address fails: ticket e-mails wait until the next sign-in or a new address. */
  email_bouncing: z.boolean(),
});

/** `GET /api/auth/me`: `isStaff` is the deprecated spelling of `is_staff`, answered until the web app moves. */
export const MeAnswerSchema = z.object({
  user: PublicUserSchema,
  is_staff: z.boolean(),
  isStaff: z.boolean().meta({
    deprecated: true,
    description: 'Deprecated spelling of `is_staff` (docs/decisions/008-field-names.md).',
  }),
});

/** `POST /api/auth/login`: a session, or the 2FA code step. */
export const LoginAnswerSchema = z.union([
  z.object({ user: PublicUserSchema }),
  z.object({
    mfa_required: z.literal(true),
    user_id: z.number().int().positive(),
    /** How the second step can be answered (DESIGN.md §7.3), in the order the login page offers them. */
    methods: z.array(MfaMethodSchema),
  }),
]);

export const UserAnswerSchema = z.object({ user: PublicUserSchema });

export const MfaVerifiedAnswerSchema = z.object({ ok: z.literal(true), user: PublicUserSchema });

export const OkAnswerSchema = z.object({ ok: z.literal(true) });

/** `POST /api/profile/sessions/revoke-others`: how many other sessions ended. */
export const SessionsRevokedAnswerSchema = z.object({
  ok: z.literal(true),
  ended: z.number().int().nonnegative(),
});

export const UsernameChangedAnswerSchema = z.object({ ok: z.literal(true), username: z.string() });

/** `GET`/`POST /api/profile/notifications`: ticket e-mails on or off. */
export const NotificationPrefsSchema = z.object({ email: z.boolean() });

export const HealthAnswerSchema = z.object({ status: z.literal('ok') });

/**
 * Every refusal: `{error}`, with `details` for `validation_failed` (the fields),
 * and `{reason: 'macro'}` for an `unsupported_file_type` that is a macro-enabled
 * office document (DESIGN.md §7.6), so the app can say what to do instead.
 */
export const ErrorAnswerSchema = z.object({
  error: z.enum(ERROR_CODES),
  details: z
    .union([
      z.array(z.object({ path: z.string(), message: z.string() })),
      z.object({ reason: z.literal('macro') }),
    ])
    .optional(),
});

export type PublicUser = z.infer<typeof PublicUserSchema>;
export type MeAnswer = z.infer<typeof MeAnswerSchema>;
export type SessionsRevokedAnswer = z.infer<typeof SessionsRevokedAnswerSchema>;
