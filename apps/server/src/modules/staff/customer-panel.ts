import type { CustomerPanelAnswer } from '@studio/shared/staff';
import { desc, eq } from 'drizzle-orm';
import { tickets, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { secondFactorsOf } from '../auth/index';

/** Tickets listed in the panel: the newest ones; the list's search finds older ones. */
export const CUSTOMER_PANEL_TICKETS = 100;

/**
 * `GET /api/admin/customers/:id` (staff): who the customer is, beside the
 * thread, with their other tickets. An unknown id is 404.
 */
export async function customerPanel(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
): Promise<CustomerPanelAnswer> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const owned = await deps.db
    .select({
      id: tickets.id,
      seq: tickets.seq,
      number: tickets.number,
      subject: tickets.subject,
      status: tickets.status,
      awaiting: tickets.awaiting,
      contactName: tickets.contactName,
    })
    .from(tickets)
    .where(eq(tickets.ownerId, user.id))
    .orderBy(desc(tickets.lastActivityAt), desc(tickets.id))
    .limit(CUSTOMER_PANEL_TICKETS);
  return {
    customer: {
      id: user.id,
      username: user.username,
      email: user.email,
      created_at: user.createdAt.toISOString(),
      mfa_enabled: user.mfaEnabled,
      second_factors: await secondFactorsOf(deps.db, user.id),
      email_bouncing: user.emailBouncingAt !== null,
      guest: user.passwordHash === null,
      name: owned.find((t) => t.contactName)?.contactName ?? null,
      tickets: owned.map(({ contactName: _name, ...t }) => ({
        ...t,
        awaiting: t.status === 'closed' ? null : t.awaiting,
      })),
    },
  };
}
