/**
 * „Stan systemu”: how the running product is doing, for staff (DESIGN.md
 * §7.12, issue 32). `GET /api/admin/status` (admins only).
 */
import { z } from 'zod';

/** What is checked; a check that does not apply here (no mailbox configured, push off) is left out. */
export const STATUS_CHECK_IDS = [
  'database',
  'storage',
  'mail_out',
  'mail_in',
  'push',
  'backup',
] as const;
export type StatusCheckId = (typeof STATUS_CHECK_IDS)[number];

/** Green, amber, red. */
export const StatusCheckStateSchema = z.enum(['ok', 'warn', 'fail']);
export type StatusCheckState = z.infer<typeof StatusCheckStateSchema>;

export const StatusCheckSchema = z.object({
  id: z.enum(STATUS_CHECK_IDS),
  state: StatusCheckStateSchema,
  /** A Polish sentence: what is the case and, unless `ok`, what to do. */
  detail: z.string(),
});
export type StatusCheck = z.infer<typeof StatusCheckSchema>;

export const StatusAnswerSchema = z.object({
  /** The product's version (package.json). */
  version: z.string(),
  /** When this server process started (ISO). */
  started_at: z.string(),
  checks: z.array(StatusCheckSchema),
});
export type StatusAnswer = z.infer<typeof StatusAnswerSchema>;
