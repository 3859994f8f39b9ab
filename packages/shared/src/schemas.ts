import { z } from 'zod';
import {
  CODE_LENGTH,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './limits';
import { MfaMethodSchema } from './totp';

/**
 * A name reads as a web address when it starts with `www.` or ends in a dot and a
 * top-level-domain-shaped tail of 2–6 letters (`bank-pl.com`, `x.online`): mail
 * clients turn such names into links in staff e-mails (security review 2026-11,
 * finding 31). Other dots stay allowed (`jan.kowalski`, `Łukasz_1.a-b`, `jan.2`).
 */
const DOMAIN_LIKE = /^www\.|\.\p{L}{2,6}$/iu;

/** A name shaped like a web address (`www.bank.pl`, `sklep.online`): refused for new usernames (finding 31). */
export const isDomainLike = (value: string): boolean => DOMAIN_LIKE.test(value);
/** Letters of more than one script (Latin `a` beside Cyrillic `а`): a look-alike of another name. */
const hasMixedScripts = (value: string) =>
  /\p{Script=Latin}/u.test(value) && /(?!\p{Script=Latin})\p{L}/u.test(value);

/** Defined once and used by both the forms and the routes. */
export const UsernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(/^[\p{L}\p{N}_.-]+$/u, 'username_chars')
  .refine((value) => !DOMAIN_LIKE.test(value), 'username_domain')
  .refine((value) => !hasMixedScripts(value), 'username_mixed_scripts');

export const EmailSchema = z.string().trim().max(EMAIL_MAX).pipe(z.email());

export const PasswordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const CodeSchema = z.string().regex(new RegExp(`^\\d{${CODE_LENGTH}}$`));

export const RegisterSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});

export const VerifyEmailSchema = RegisterSchema.extend({ code: CodeSchema });

/**
 * Field names are snake_case (docs/decisions/008-field-names.md). The camelCase
 * spellings the web app sent first stay accepted, marked deprecated in the API
 * document; when both are sent, the snake_case one wins.
 */
const deprecatedSpellingOf = (name: string) => ({
  deprecated: true,
  description: `Deprecated spelling of \`${name}\` (docs/decisions/008-field-names.md).`,
});

const RememberMe = z.boolean().optional();
const RememberMeFields = {
  remember_me: RememberMe,
  rememberMe: RememberMe.meta(deprecatedSpellingOf('remember_me')),
};

const UserId = z.coerce.number().int().positive().optional();
const UserIdFields = { user_id: UserId, userId: UserId.meta(deprecatedSpellingOf('user_id')) };
const hasUserId = (input: { user_id?: number; userId?: number }) =>
  input.user_id !== undefined || input.userId !== undefined;
const USER_ID_REQUIRED = { path: ['user_id'], message: 'required' };
/** What the refinement checks, written for the API document (zod cannot express it). */
const ONE_USER_ID_SPELLING = { anyOf: [{ required: ['user_id'] }, { required: ['userId'] }] };
/** hasUserId() ran before this, so one of the two is set. */
const userIdOf = (input: { user_id?: number; userId?: number }) =>
  (input.user_id ?? input.userId) as number;

export const LoginSchema = z
  .object({
    identifier: z.string().trim().max(EMAIL_MAX),
    password: z.string().max(PASSWORD_MAX),
    ...RememberMeFields,
  })
  .transform(({ remember_me, rememberMe, ...rest }) => ({
    ...rest,
    rememberMe: remember_me ?? rememberMe ?? false,
  }));

export const MfaVerifySchema = z
  .object({
    ...UserIdFields,
    code: z.string().trim().max(32),
    method: MfaMethodSchema.optional(),
    ...RememberMeFields,
  })
  .refine(hasUserId, USER_ID_REQUIRED)
  .meta(ONE_USER_ID_SPELLING)
  .transform((input) => ({
    userId: userIdOf(input),
    code: input.code,
    // Absent means "email" (the server's default), so older clients' requests read as before.
    ...(input.method ? { method: input.method } : {}),
    rememberMe: input.remember_me ?? input.rememberMe ?? false,
  }));

export const MfaResendSchema = z
  .object(UserIdFields)
  .refine(hasUserId, USER_ID_REQUIRED)
  .meta(ONE_USER_ID_SPELLING)
  .transform((input) => ({ userId: userIdOf(input) }));

export const ResetRequestSchema = z.object({ email: z.string().trim().max(EMAIL_MAX) });

export const ResetConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  password: PasswordSchema,
});

export const UsernameChangeSchema = z.object({ username: UsernameSchema });

export const CodeConfirmSchema = z.object({ code: z.string().trim().max(32) });

/** 'Pobierz moje dane': the account's password confirms the export (DESIGN.md §7.3). */
export const ExportRequestSchema = z.object({ password: z.string().min(1).max(PASSWORD_MAX) });

export type RegisterInput = z.infer<typeof RegisterSchema>;
export type VerifyEmailInput = z.infer<typeof VerifyEmailSchema>;
export type LoginInput = z.infer<typeof LoginSchema>;
