import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemState } from '../../db/schema/index';

/** The rows of `system_state` this module keeps, and the shape of each value. */
export const STATE_KEYS = {
  /** The last outgoing mail's outcome, whichever instance sent it (mail-outcomes.ts). */
  mailOut: 'mail_out',
  /** „Wyślij e-mail próbny” succeeded once (first-run.ts). */
  testMail: 'first_run_test_mail',
  /** Which red lines were last mailed to admins, and when (red-lines.ts). */
  redLines: 'status_red_lines_mailed',
} as const;

export interface MailOutState {
  /** Whether the latest attempt went out: the last write wins, whatever the two times say. */
  last_ok?: boolean;
  last_success_at?: string;
  last_error_at?: string;
  last_error?: string;
}

export interface TestMailState {
  sent_at: string;
  to: string;
}

export interface RedLinesState {
  /** The ids of the red checks, sorted and comma-joined. */
  set: string;
}

export async function readState<T>(db: Db, key: string): Promise<T | null> {
  const [row] = await db
    .select({ value: systemState.value })
    .from(systemState)
    .where(eq(systemState.key, key));
  return (row?.value as T | undefined) ?? null;
}

/** Merges `value` into the row's JSON (the keys it names are replaced, the others kept). */
export async function mergeState(db: Db, key: string, value: object, now: Date) {
  await db
    .insert(systemState)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({
      target: systemState.key,
      set: { value: sql`${systemState.value} || excluded.value`, updatedAt: now },
    });
}
