import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tickets } from '../../../db/schema/index';
import type { AppDeps } from '../../../deps';
import { badRequest, notFound, rateLimited } from '../../../lib/errors';
import { consume } from '../../../lib/rate-limiter';
import type { FileStorage } from '../../../storage/storage';
import type { PreparedFile } from '../../files/index';
import { type Actor, hasContent, isTicketId, maySeeTicket } from './rules';

/** What every use case of the module works with. */
export interface TicketsContext {
  deps: AppDeps;
  storage: FileStorage;
}

/** Where a file's bytes (and thumbnail's) were written before the transaction began. */
export interface WrittenFileKeys {
  storageKey: string;
  thumbnailKey: string | null;
}

/** A checked file of a new message; `writtenAs` once its bytes are stored outside the database. */
export type MessageFile = PreparedFile & { writtenAs?: WrittenFileKeys };

export interface NewMessageInput {
  body: string;
  files: MessageFile[];
  /** Multipart field `internal=true`: a staff note (DESIGN.md §7.2). */
  internal?: boolean;
  /** A message taken from an e-mail: whether its sender was confirmed (docs/email.md). */
  emailSender?: 'verified' | 'unverified';
  /**
   * A new ticket's fields `customer_email` / `customer_name` as sent (DESIGN.md
   * §7.9, staff only), checked by createTicket; absent for everything else.
   */
  customer?: { email: string; name?: string };
}

export type TicketRow = typeof tickets.$inferSelect;

/** New tickets a customer may open in an hour (docs/tickets.md „Abuse limits”). */
export const TICKETS_PER_HOUR = 10;
/**
 * New tickets a staff member may open in an hour, on their own or for callers
 * (DESIGN.md §7.9): a busy phone shift is far below two a minute, and the cap
 * still bounds what a stolen staff session or a runaway script could open and
 * mail to customers' addresses (docs/tickets.md „Abuse limits”).
 */
export const STAFF_TICKETS_PER_HOUR = 120;
export const MESSAGES_PER_MINUTE = 60;

/** The actor's hourly budget of new tickets: staff have their own, separate from customers'. */
export function newTicketLimit(actor: Actor) {
  const windowMs = 60 * 60 * 1000;
  return actor.isAdmin
    ? { key: `tickets:new:staff:${actor.id}`, limit: STAFF_TICKETS_PER_HOUR, windowMs }
    : { key: `tickets:new:${actor.id}`, limit: TICKETS_PER_HOUR, windowMs };
}

/** The ticket, if the actor may see it; otherwise 404 (see maySeeTicket). */
export async function visibleTicket(
  ctx: TicketsContext,
  actor: Actor,
  ticketId: number,
  database: Db = ctx.deps.db,
): Promise<TicketRow> {
  if (!isTicketId(ticketId)) throw notFound();
  const [ticket] = await database.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!ticket || !maySeeTicket(actor, ticket)) throw notFound();
  return ticket;
}

export async function throttle(ctx: TicketsContext, key: string, limit: number, windowMs: number) {
  const wait = await consume(ctx.deps.limiter, key, [{ limit, windowMs }]);
  if (wait > 0) throw rateLimited(wait);
}

export function requireContent(message: NewMessageInput) {
  if (!hasContent(message)) {
    throw badRequest('validation_failed', [{ path: 'body', message: 'empty_message' }]);
  }
}
