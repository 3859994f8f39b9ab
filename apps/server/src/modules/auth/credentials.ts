import { or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import { badRequest } from '../../lib/errors';
import { isCommonPassword } from './passwords';

/** Every new password (registration, reset) passes the same rule. */
export function assertStrongPassword(password: string) {
  if (isCommonPassword(password)) throw badRequest('weak_password');
}

/**
 * A user by username or e-mail, case-insensitively: both sign in the same account.
 * The database folds both sides (finding 32): JavaScript's toLowerCase and SQL's
 * lower() differ (İ, and any C-collated PostgreSQL), and the unique indexes use lower().
 */
export async function findUserByIdentifier(
  db: Db,
  identifier: string,
): Promise<UserRow | undefined> {
  const typed = identifier.trim();
  const [user] = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${typed})`,
        sql`lower(${users.email}) = lower(${typed})`,
      ),
    )
    .limit(1);
  return user;
}

/** A user by e-mail only, folded like `findUserByIdentifier`. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return user;
}
