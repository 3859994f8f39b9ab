import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@studio/shared/totp';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import { readCodeSecret } from '../../config-code-secret';
import type { Db } from '../../db/client';
import { recoveryCodes } from '../../db/schema/index';
import type { AppDeps } from '../../deps';

/** No 0/o, 1/l/i: a code read off paper is typed right the first time. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
/** 10 letters of 31: about 50 bits, far beyond guessing under the second-factor throttle. */
const HALF_LENGTH = 5;

function randomHalf(): string {
  let half = '';
  for (let i = 0; i < HALF_LENGTH; i++) half += ALPHABET[randomInt(ALPHABET.length)];
  return half;
}

/** What a typed code is compared as: case, spaces and the dash do not matter. */
const normalize = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * HMAC-SHA256 under CODE_SECRET, bound to the user (like e-mailed codes,
 * finding 25): the codes are random enough that argon2 would only cost CPU,
 * and the key outside the database keeps a table reader from checking guesses.
 */
function hashRecoveryCode(config: Pick<Config, 'codeSecret'>, userId: number, code: string) {
  const mac = createHmac('sha256', readCodeSecret(config.codeSecret))
    .update(`recovery\n${userId}\n${normalize(code)}`)
    .digest('hex');
  return `hmac1$${mac}`;
}

/**
 * Replaces every recovery code of the user with 10 new ones and returns them
 * (the only time they exist in plain text). Pass a transaction as `db` to tie
 * it to what hands them out.
 */
export async function replaceRecoveryCodes(
  deps: Pick<AppDeps, 'clock' | 'config'> & { db: Db },
  userId: number,
): Promise<string[]> {
  const codes = Array.from(
    { length: RECOVERY_CODE_COUNT },
    () => `${randomHalf()}-${randomHalf()}`,
  );
  const createdAt = deps.clock.now();
  await deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await deps.db.insert(recoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: hashRecoveryCode(deps.config, userId, code),
      createdAt,
    })),
  );
  return codes;
}

export async function deleteRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Marks the code used in the statement that finds it: of two parallel uses, one wins. */
export async function useRecoveryCode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  { userId, code }: { userId: number; code: string },
): Promise<boolean> {
  if (!normalize(code)) return false;
  const used = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(deps.config, userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}
