import type { StaffListAnswer } from '@studio/shared/staff';
import { asc, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';

/**
 * Every admin, by name: whom a ticket can be assigned to (DESIGN.md §7.2).
 * Without it the assignment list could offer only the admins a screen happened
 * to have seen.
 */
export async function listStaff(deps: Pick<AppDeps, 'db'>): Promise<StaffListAnswer> {
  const rows = await deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.username), asc(users.id));
  return { staff: rows };
}
