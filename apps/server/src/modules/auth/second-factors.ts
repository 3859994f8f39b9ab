import type { SecondFactors } from '@studio/shared/account-lock';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeys, users } from '../../db/schema/index';
import { isTotpEnabled } from './totp-codes';

/**
 * Every second factor of an account that is on: e-mail codes, the app, and
 * how many passkeys. The profile's summary and the staff customer panel read
 * it, so neither says „Wyłączona” beside an active app (issue 28).
 */
export async function secondFactorsOf(db: Db, userId: number): Promise<SecondFactors> {
  const [user] = await db
    .select({ emailCodes: users.mfaEnabled })
    .from(users)
    .where(eq(users.id, userId));
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return {
    email_codes: user?.emailCodes ?? false,
    totp: await isTotpEnabled(db, userId),
    passkeys: keys?.n ?? 0,
  };
}
