import type { MailboxTicketAnswer } from '@studio/shared/mailbox';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { inboundMails } from '../../../db/schema/index';
import { AppError, badRequest } from '../../../lib/errors';
import { accountForInquiry } from '../../inquiries/index';
import type { InboundMail } from '../parse-mail';
import {
  type InboundContext,
  mailIdempotencyKey,
  mailKey,
  messageFrom,
  recordTakenIn,
} from '../process-inbound-mail';
import { emailSender } from '../sender-auth';
import { readSetAsideMail } from './read-set-aside-mail';
import { moveToProcessed, oneAtATime, uidOf, withStaffFolder } from './staff-folder';

/** The name a guest account gets: the sender's display name, else the address before `@`. */
function senderName(mail: InboundMail, address: string): string {
  return mail.fromName?.trim() || address.slice(0, address.indexOf('@'));
}

/**
 * The account of the sender's address, or a new guest account without a
 * password as for an inquiry (DESIGN §7.6): staff looked at the mail and
 * chose to answer it. Its owner signs in with a code sent to that address,
 * so a forged From reaches no one but the address's owner.
 */
async function senderAccount(ctx: InboundContext, mail: InboundMail) {
  const address = mail.from?.toLowerCase();
  if (!address?.includes('@')) throw badRequest('validation_failed', { reason: 'no_sender' });
  const { db, clock } = ctx.deps;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // The same lock as an inquiry's confirmation: one guest per new address.
    await tx.execute(sql`select pg_advisory_xact_lock(7302, hashtext(${address}))`);
    return accountForInquiry(tx, {
      name: senderName(mail, address),
      email: address,
      now: clock.now(),
      // A From header is a claim, not proof (a set-aside mail may be unconfirmed or forged).
      addressProven: false,
    });
  });
}

/**
 * `POST /api/admin/mailbox/:id/ticket` (DESIGN §7.1): the mail becomes a new
 * ticket of its sender, its text and attachments the first message (with the
 * same checks as a mail taken in by the watcher), then moves to the processed
 * folder. A staff address gets no ticket (409 `staff_address`): a new mail
 * never acts as staff. The Message-ID is the idempotency key, so the same mail
 * taken in twice (two instances, a retry after a lost answer) is one ticket.
 */
export async function openTicketFromMail(
  ctx: InboundContext,
  id: string,
): Promise<MailboxTicketAnswer> {
  return oneAtATime(id, () =>
    withStaffFolder(ctx.deps, async (folder) => {
      const uid = uidOf(folder, id);
      const mail = await readSetAsideMail(ctx, folder, uid);
      const key = mailKey(mail);
      const [taken] = await ctx.deps.db
        .select({ ticketId: inboundMails.ticketId })
        .from(inboundMails)
        .where(eq(inboundMails.messageId, key));
      let ticketId = taken?.ticketId;
      if (ticketId === undefined) {
        const owner = await senderAccount(ctx, mail);
        if (owner.isAdmin) throw new AppError(409, 'staff_address');
        const message = {
          ...(await messageFrom(mail)),
          emailSender: emailSender(mail, ctx.deps.config.mailAuthservId),
        };
        ticketId = (
          await ctx.tickets.createTicket({
            actor: { id: owner.id, isAdmin: false },
            idempotencyKey: mailIdempotencyKey(key),
            prepare: async () => message,
          })
        ).id;
        await recordTakenIn(ctx.deps, { key, ticketId, userId: owner.id });
      }
      await moveToProcessed(ctx.deps, folder, uid);
      return { ticket_id: ticketId };
    }),
  );
}
