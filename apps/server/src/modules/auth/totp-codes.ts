import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userTotp } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { decryptTotpSecret, matchingStep } from './totp-secret';

type TotpRow = typeof userTotp.$inferSelect;

export async function findTotp(db: Db, userId: number): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

export async function isTotpEnabled(db: Db, userId: number): Promise<boolean> {
  return (await findTotp(db, userId))?.enabledAt != null;
}

/**
 * Accepts a code of the user's (enabled) app at most once: the step it
 * belongs to must be newer than the last accepted one, and is recorded in the
 * same statement that checks it, so a replayed code, or the same code sent
 * twice in parallel, passes only once.
 */
export async function useTotpCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  { userId, code }: { userId: number; code: string },
): Promise<boolean> {
  const row = await findTotp(deps.db, userId);
  if (!row?.enabledAt) return false;
  const secret = decryptTotpSecret(deps.config, userId, row.secretCiphertext);
  const step = matchingStep(secret, code.replace(/\s+/g, ''), deps.clock.now());
  if (step === undefined) return false;
  const claimed = await deps.db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.enabledAt),
        or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return claimed.length === 1;
}
