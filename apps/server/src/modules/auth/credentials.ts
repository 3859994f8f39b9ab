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

/** A user by username or e-mail, case-insensitively: both sign in the same account. */
export async function findUserByIdentifier(
  db: Db,
  identifier: string,
): Promise<UserRow | undefined> {
  const lowered = identifier.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`))
    .limit(1);
  return user;
}
