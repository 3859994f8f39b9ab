import {
  DEFAULT_STAFF_NOTIFICATIONS,
  type StaffNotifications,
  StaffNotificationsSchema,
} from '@studio/shared/team';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { staffNotificationPrefs } from '../../db/schema/index';
import { parse } from '../../lib/validate';
import { requireAdmin } from '../auth/index';

/** A staff member's choice; no row means the default (grouped new-ticket mails, overdue mails on). */
export async function staffNotificationsOf(db: Db, userId: number): Promise<StaffNotifications> {
  const [row] = await db
    .select()
    .from(staffNotificationPrefs)
    .where(eq(staffNotificationPrefs.userId, userId));
  if (!row) return DEFAULT_STAFF_NOTIFICATIONS;
  return { new_tickets: row.newTickets, assigned_overdue: row.assignedOverdue };
}

/**
 * The one-click links of staff mails change one part of the choice and keep
 * the rest: the digest's sets new-ticket mails to none („nic” in the profile),
 * the overdue mail's turns overdue mails off. The general e-mail switch stays
 * as it was.
 */
async function changeStaffNotifications(
  db: Db,
  userId: number,
  now: Date,
  change: Partial<typeof staffNotificationPrefs.$inferInsert>,
) {
  await db
    .insert(staffNotificationPrefs)
    .values({
      userId,
      newTickets: DEFAULT_STAFF_NOTIFICATIONS.new_tickets,
      assignedOverdue: DEFAULT_STAFF_NOTIFICATIONS.assigned_overdue,
      ...change,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: staffNotificationPrefs.userId,
      set: { ...change, updatedAt: now },
    });
}

export const turnOffNewTicketMails = (db: Db, userId: number, now: Date) =>
  changeStaffNotifications(db, userId, now, { newTickets: 'none' });

export const turnOffOverdueMails = (db: Db, userId: number, now: Date) =>
  changeStaffNotifications(db, userId, now, { assignedOverdue: false });

/**
 * „Powiadomienia o zgłoszeniach” in the profile (issue 31): `GET|PUT
 * /api/profile/staff-notifications` `{new_tickets: "each" | "digest" | "none",
 * assigned_overdue}`. Staff only: a customer gets 403. The profile's e-mail
 * switch (`/api/profile/notifications`) still turns every ticket mail off.
 */
export function staffNotificationRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  app.get('/api/profile/staff-notifications', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    const answer: StaffNotifications = await staffNotificationsOf(db, admin.id);
    return answer;
  });

  app.put('/api/profile/staff-notifications', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    const choice = parse(StaffNotificationsSchema, request.body);
    const values = {
      newTickets: choice.new_tickets,
      assignedOverdue: choice.assigned_overdue,
      updatedAt: clock.now(),
    };
    await db
      .insert(staffNotificationPrefs)
      .values({ userId: admin.id, ...values })
      .onConflictDoUpdate({ target: staffNotificationPrefs.userId, set: values });
    const answer: StaffNotifications = choice;
    return answer;
  });
}
