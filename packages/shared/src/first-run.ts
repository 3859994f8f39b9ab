/**
 * „Pierwsze kroki”: what an installation still needs before it runs on its
 * own (issue 32). `GET /api/admin/first-run` (admins) lists the steps; the
 * workspace shows them until every one is done.
 */
import { z } from 'zod';

export const FIRST_RUN_STEP_IDS = [
  /** Every STUDIO_* set and valid (development placeholders are not done). */
  'studio_details',
  /** „Wyślij e-mail próbny” succeeded once (recorded in the database). */
  'mail_out_tested',
  /** IMAP_URL set and the watcher connected (the `mail_in` check is ok). */
  'mailbox_connected',
  /** A backup verified (the `backup` check is ok); on PostgreSQL the database's own job. */
  'backup_made',
] as const;
export type FirstRunStepId = (typeof FIRST_RUN_STEP_IDS)[number];

export const FirstRunStepSchema = z.object({
  id: z.enum(FIRST_RUN_STEP_IDS),
  done: z.boolean(),
});
export type FirstRunStep = z.infer<typeof FirstRunStepSchema>;

export const FirstRunAnswerSchema = z.object({
  steps: z.array(FirstRunStepSchema),
  /** Every step done: the checklist is no longer shown. */
  done: z.boolean(),
});
export type FirstRunAnswer = z.infer<typeof FirstRunAnswerSchema>;

/** `POST /api/admin/status/test-mail` → sent to the admin's own address, or why not (Polish). */
export const TestMailAnswerSchema = z.object({
  sent: z.boolean(),
  to: z.string(),
  /** When not sent: what the mail server answered, in a Polish sentence. */
  detail: z.string().optional(),
});
export type TestMailAnswer = z.infer<typeof TestMailAnswerSchema>;
