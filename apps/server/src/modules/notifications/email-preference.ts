import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationPrefs } from '../../db/schema/index';

/** No row means the default: e-mails on. */
export async function emailEnabled(db: Db, userId: number): Promise<boolean> {
  const [pref] = await db
    .select({ email: notificationPrefs.email })
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
  return pref?.email ?? true;
}
