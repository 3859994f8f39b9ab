/**
 * Contracts of the account's sessions list, password change and e-mail change
 * (DESIGN.md §7.3, issue 19). Request bodies are validated by the server with
 * these schemas; answers are parsed by the web app with them.
 */
import { z } from 'zod';
import { PASSWORD_MAX } from './limits';
import { CodeConfirmSchema, EmailSchema, PasswordSchema } from './schemas';

/** One signed-in browser of the account. */
export const SessionItemSchema = z.object({
  id: z.number().int().positive(),
  /** The browser that asked: „To urządzenie”. */
  current: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  /**
   * A readable name made from `user_agent` by the server (e.g. „Chrome 131 · Windows”),
   * so the web app need not ship a user-agent parser; empty when nothing is recognised.
   */
  device: z.string(),
});

/** `GET /api/profile/sessions`: the newest-used first. */
export const SessionsAnswerSchema = z.object({ sessions: z.array(SessionItemSchema) });

/** `POST /api/profile/password`. */
export const PasswordChangeSchema = z.object({
  current_password: z.string().min(1).max(PASSWORD_MAX),
  new_password: PasswordSchema,
});

/** `POST /api/profile/email`: the password confirms it; the code goes to `new_email`. */
export const EmailChangeSchema = z.object({
  new_email: EmailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** `POST /api/profile/email/confirm`: a malformed code counts as a wrong one. */
export const EmailChangeConfirmSchema = CodeConfirmSchema;

/** `DELETE /api/profile/sessions/:id`. */
export const SessionIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export type SessionItem = z.infer<typeof SessionItemSchema>;
export type SessionsAnswer = z.infer<typeof SessionsAnswerSchema>;
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>;
export type EmailChangeInput = z.infer<typeof EmailChangeSchema>;
