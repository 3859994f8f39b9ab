import type { InquiryConfirmedAnswer } from '@studio/shared/inquiries';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inquiries } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { sha256 } from '../../lib/tokens';
import { reserveForAddress } from '../auth/index';
import { accountForInquiry } from '../guests/index';
import {
  insertTicket,
  publishEvents,
  type TicketEvent,
  type TicketsContext,
} from '../tickets/index';

/**
 * `POST /api/inquiries/confirm` (DESIGN.md §7.6): the inquiry becomes one
 * ticket of the account with its address, or of a new guest account. The
 * inquiry row is locked, so a second confirmation (or a parallel one) waits
 * and answers the ticket the first made. Unknown and expired links count
 * against the caller's address; a good one gives its try back.
 */
export async function confirmInquiry(
  ctx: TicketsContext,
  { token, meta }: { token: string; meta: RequestMeta },
): Promise<InquiryConfirmedAnswer> {
  const { db, clock, bus, log } = ctx.deps;
  const tries = await reserveForAddress(ctx.deps, 'inquiryConfirmFailures', meta);
  let events: TicketEvent[] = [];
  const ticketId = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const now = clock.now();
    const [inquiry] = await tx
      .select()
      .from(inquiries)
      .where(eq(inquiries.tokenHash, sha256(token)))
      .for('update');
    if (!inquiry) return null;
    if (inquiry.confirmedAt) return inquiry.ticketId;
    if (inquiry.expiresAt <= now) return null;
    // One guest per new address, even when two of its inquiries are confirmed at once.
    await tx.execute(sql`select pg_advisory_xact_lock(7302, hashtext(lower(${inquiry.email})))`);
    // The link reached the address: it is proven.
    const owner = await accountForInquiry(tx, { ...inquiry, now, addressProven: true });
    const created = await insertTicket(ctx, tx, () => {}, {
      actor: { id: owner.id, isAdmin: owner.isAdmin },
      message: { body: inquiry.body, files: [] },
      contact: { name: inquiry.name, email: inquiry.email },
    });
    events = created.events;
    // The text now lives in the ticket; the inquiry keeps only what answers a repeat.
    await tx
      .update(inquiries)
      .set({ confirmedAt: now, ticketId: created.ticket.id, body: '' })
      .where(eq(inquiries.id, inquiry.id));
    return created.ticket.id;
  });
  if (ticketId === null) throw badRequest('invalid_token');
  await tries.release();
  await publishEvents(bus, log, events);
  return { ticket_id: ticketId };
}
