import { MESSAGE_BODY_MAX } from '@studio/shared/limits';
import { eq, inArray, sql } from 'drizzle-orm';
import { inboundMails, sentTicketMails, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/tokens';
import type { Actor, TicketsService } from '../tickets/index';
import { isAutomaticMail } from './automatic-mail';
import { checkAttachments } from './mail-attachments';
import { markBouncing } from './mark-bouncing';
import type { InboundMail } from './parse-mail';
import { type EmailSender, emailSender } from './sender-auth';
import type { MailParserWorker } from './worker-parser';

export interface InboundContext {
  deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'log' | 'bus' | 'sessionCache'>;
  /** Raw mail to InboundMail, off the main thread (worker-parser.ts). */
  parser: Pick<MailParserWorker, 'parse'>;
  tickets: Pick<TicketsService, 'postMessage' | 'createTicket'>;
}

/**
 * What became of a mail. `stored` and `duplicate` are done with (the mailbox
 * marks them processed), and so is `bounce` (a delivery report for one of our
 * mails, its address now marked as bouncing); every other kind stays for staff
 * in their folder.
 * `staff_sender`: a new mail from a staff member's address (never acts as
 * staff); `unverified_sender`: a new mail whose sender the receiving server
 * did not confirm (MAIL_AUTHSERV_ID set); `too_large` and `unparseable` are
 * the watcher's, for mails that never reach processInboundMail.
 */
export type InboundOutcome =
  | { kind: 'stored'; ticketId: number; newTicket: boolean; emailSender: EmailSender }
  | { kind: 'duplicate' }
  | { kind: 'bounce'; userId: number }
  | { kind: 'automatic' }
  | { kind: 'spoofed' }
  | { kind: 'refused'; reason: string }
  | { kind: 'unmatched' }
  | { kind: 'unknown_sender' }
  | { kind: 'staff_sender' }
  | { kind: 'unverified_sender' }
  | { kind: 'too_large'; size: number }
  | { kind: 'unparseable'; reason: string };

const ANGLE_ID = /<[^<>\s]+>/g;

/** Our Message-IDs a reply names in In-Reply-To and References. */
function referencedIds(mail: InboundMail): string[] {
  const refs = [mail.inReplyTo ?? '', ...mail.references].join(' ');
  return [...new Set(refs.match(ANGLE_ID) ?? [])];
}

/** The key that makes a mail seen twice one message: its Message-ID, or its content's hash. */
export function mailKey(mail: InboundMail): string {
  if (mail.messageId) return mail.messageId;
  return `<sha256.${sha256(`${mail.from ?? ''}\n${mail.date}\n${mail.subject}\n${mail.text}`)}>`;
}

/** The message a mail becomes: its text, and its attachments through the checks of uploads. */
export async function messageFrom(mail: InboundMail) {
  const { files, refused } = await checkAttachments(mail.attachments);
  let body = mail.text;
  if (refused.length) {
    const note = `[Nie dołączono załączników: ${refused.join('; ')}]`;
    body = body ? `${body}\n\n${note}` : note;
  }
  if (body.length > MESSAGE_BODY_MAX) body = `${body.slice(0, MESSAGE_BODY_MAX - 1)}…`;
  return { body, files };
}

/** One mail is one message, whoever takes it in: the watcher, or staff from „Skrzynka”. */
export const mailIdempotencyKey = (key: string) => `mail:${sha256(key).slice(0, 48)}`;

/** Remembers that this mail is a message now: the same mail again is a duplicate. */
export async function recordTakenIn(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  taken: { key: string; ticketId: number; userId: number },
) {
  await deps.db
    .insert(inboundMails)
    .values({
      messageId: taken.key,
      ticketId: taken.ticketId,
      userId: taken.userId,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing();
}

/** Refusals that mean "this mail cannot go in", unlike a busy moment (429, 5xx) worth a retry. */
const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.statusCode < 500 && error.statusCode !== 429;

/**
 * Turns one parsed mail into a ticket message (DESIGN §7.1), the same code for
 * the IMAP watcher and the dev outbox's answer form. A reply counts only from
 * the address the notification it names went to, while that is still the
 * user's address (review N11); a new mail only from a customer's address, and
 * with MAIL_AUTHSERV_ID set only when the receiving server confirmed the
 * sender (N7, sender-auth.ts). Each message records whether its sender was
 * confirmed (`email_sender`, shown to staff). The Message-ID is the message's Idempotency-Key, claimed
 * in the transaction that stores it, so a mail processed again after a crash
 * (before it was marked seen) answers the first result and adds nothing.
 */
export async function processInboundMail(
  ctx: InboundContext,
  mail: InboundMail,
): Promise<InboundOutcome> {
  const { config, db, log } = ctx.deps;
  // Before the automatic-mail check (bounces come as auto-replies with an
  // empty Return-Path); a report is never a reply nor a new ticket.
  if (mail.deliveryReport) return markBouncing(ctx.deps, mail.deliveryReport);
  if (isAutomaticMail(mail)) return { kind: 'automatic' };
  const key = mailKey(mail);
  const [seen] = await db.select().from(inboundMails).where(eq(inboundMails.messageId, key));
  if (seen) return { kind: 'duplicate' };
  const from = mail.from?.toLowerCase();
  if (!from) return { kind: 'unmatched' };
  const sender = emailSender(mail, config.mailAuthservId);
  const refs = referencedIds(mail);
  let target: { userId: number; ticketId: number | null };
  if (refs.length) {
    const sent = await db
      .select()
      .from(sentTicketMails)
      .where(inArray(sentTicketMails.messageId, refs));
    if (!sent.length) return { kind: 'unmatched' };
    const mine = sent.find((s) => s.email.toLowerCase() === from);
    if (!mine) {
      log.warn(
        { ticketId: sent[0]?.ticketId },
        'e-mail reply from another address than the notification went to: ignored',
      );
      return { kind: 'spoofed' };
    }
    target = { userId: mine.userId, ticketId: mine.ticketId };
  } else {
    const [owner] = await db
      .select({ id: users.id, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(sql`lower(${users.email})`, from));
    if (!owner) {
      // Not stored anywhere: the mail stays in the mailbox for staff to read.
      log.info('e-mail from an address without an account: left in the mailbox for staff');
      return { kind: 'unknown_sender' };
    }
    if (owner.isAdmin) {
      // Anyone can write a staff member's address in From: a new mail never acts as staff (§7.1).
      log.warn({ userId: owner.id }, 'new e-mail from a staff address: left for staff');
      return { kind: 'staff_sender' };
    }
    if (config.mailAuthservId && sender !== 'verified') {
      log.warn(
        { userId: owner.id },
        'new e-mail whose sender the receiving server did not confirm: left for staff',
      );
      return { kind: 'unverified_sender' };
    }
    target = { userId: owner.id, ticketId: null };
  }
  const [user] = await db.select().from(users).where(eq(users.id, target.userId));
  if (!user) return { kind: 'unmatched' };
  if (user.email.toLowerCase() !== from) {
    // The notification went to an address the user has since given up (N11):
    // whoever reads that mailbox now does not write as the user.
    log.warn({ userId: user.id }, 'e-mail reply from the user’s former address: ignored');
    return { kind: 'spoofed' };
  }
  const actor: Actor = { id: user.id, isAdmin: user.isAdmin };
  const message = { ...(await messageFrom(mail)), emailSender: sender };
  const idempotencyKey = mailIdempotencyKey(key);
  const prepare = async () => message;
  let ticketId: number;
  try {
    ticketId =
      target.ticketId === null
        ? (await ctx.tickets.createTicket({ actor, idempotencyKey, prepare })).id
        : (
            await ctx.tickets.postMessage({
              actor,
              ticketId: target.ticketId,
              idempotencyKey,
              prepare,
            })
          ).message.ticket_id;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    log.info({ code: error.code, userId: user.id }, 'e-mail not taken into a ticket');
    return { kind: 'refused', reason: error.code };
  }
  await recordTakenIn(ctx.deps, { key, ticketId, userId: user.id });
  return { kind: 'stored', ticketId, newTicket: target.ticketId === null, emailSender: sender };
}
