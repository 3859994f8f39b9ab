import type { MailboxAttachAnswer } from '@studio/shared/mailbox';
import { eq } from 'drizzle-orm';
import { tickets, users } from '../../../db/schema/index';
import { notFound } from '../../../lib/errors';
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

/**
 * `POST /api/admin/mailbox/:id/attach {ticket_id}` (DESIGN §7.1): the mail
 * becomes a message of that ticket, as its customer's, with the ticket's usual
 * rules (a closed or full ticket refuses it, 409), then moves to the processed
 * folder. Staff vouch for the mail, not the mail for itself: a message from
 * another address than the customer's is marked `unverified` for staff.
 */
export async function attachMailToTicket(
  ctx: InboundContext,
  input: { id: string; ticketId: number },
): Promise<MailboxAttachAnswer> {
  return oneAtATime(input.id, () =>
    withStaffFolder(ctx.deps, async (folder) => {
      const uid = uidOf(folder, input.id);
      const [owner] = await ctx.deps.db
        .select({ id: users.id, isAdmin: users.isAdmin, email: users.email })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.ownerId))
        .where(eq(tickets.id, input.ticketId));
      if (!owner) throw notFound();
      const mail = await readSetAsideMail(ctx, folder, uid);
      const key = mailKey(mail);
      const fromOwner = mail.from?.toLowerCase() === owner.email.toLowerCase();
      const message = {
        ...(await messageFrom(mail)),
        emailSender: fromOwner ? emailSender(mail, ctx.deps.config.mailAuthservId) : 'unverified',
      } as const;
      const posted = await ctx.tickets.postMessage({
        actor: { id: owner.id, isAdmin: owner.isAdmin },
        ticketId: input.ticketId,
        idempotencyKey: mailIdempotencyKey(key),
        prepare: async () => message,
      });
      await recordTakenIn(ctx.deps, { key, ticketId: input.ticketId, userId: owner.id });
      await moveToProcessed(ctx.deps, folder, uid);
      return { message_id: posted.message.id };
    }),
  );
}
