import { TicketCustomerFieldsSchema } from '@studio/shared/callers';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/types';
import { AppError, badRequest, forbidden } from '../../../lib/errors';
import { accountForInquiry } from '../../guests/index';
import type { NewMessageInput } from './context';
import type { Actor } from './rules';

export interface TicketCustomer {
  email: string;
  /** The name a new guest gets and staff see beside the ticket (its `contact`), when given. */
  name: string | null;
}

/**
 * The `customer_email` / `customer_name` of a new ticket (DESIGN.md §7.9):
 * staff only — a customer naming someone else's address is refused (403)
 * before anything is stored — and a well-formed address (400 otherwise).
 */
export function checkTicketCustomer(
  actor: Actor,
  sent: NewMessageInput['customer'],
): TicketCustomer | null {
  if (!sent) return null;
  if (!actor.isAdmin) throw forbidden();
  const parsed = TicketCustomerFieldsSchema.safeParse({
    customer_email: sent.email,
    customer_name: sent.name,
  });
  if (!parsed.success) {
    throw badRequest(
      'validation_failed',
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  const { customer_email, customer_name } = parsed.data;
  return { email: customer_email.toLowerCase(), name: customer_name || null };
}

/**
 * The account a ticket for a caller belongs to: the one with that address, or
 * a guest made as for an inquiry (§7.6, the inquiries module's own rules). The
 * same advisory lock as an inquiry's confirmation and a set-aside mail's
 * ticket: two parallel creates for one new address make one guest. A staff
 * address gets no ticket (409 `staff_address`), as for a set-aside mail.
 */
export async function ticketCustomerAccount(
  tx: Db,
  customer: TicketCustomer,
  now: Date,
): Promise<UserRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(7302, hashtext(${customer.email}))`);
  const account = await accountForInquiry(tx, {
    name: customer.name ?? customer.email.slice(0, customer.email.indexOf('@')),
    email: customer.email,
    now,
    // Staff typed the address a caller gave: nobody proved it (the guest stays unverified).
    addressProven: false,
  });
  if (account.isAdmin) throw new AppError(409, 'staff_address');
  return account;
}
