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

/** Ticket e-mails on or off for the user (the profile's switch, or a ticket mail's unsubscribe link). */
export async function setEmailEnabled(db: Db, userId: number, email: boolean, now: Date) {
  await db
    .insert(notificationPrefs)
    .values({ userId, email, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set: { email, updatedAt: now } });
}
