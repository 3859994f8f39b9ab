import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import {
  ticketAttachments,
  ticketEvents,
  ticketMessages,
  ticketReads,
  tickets,
  users,
} from '../../../db/schema/index';
import { businessClock, dueAtFor, readBusinessHours } from '../../business-hours/index';
import { reserveQuota } from '../../files/index';
import { messageMailJobs } from '../../notifications/index';
import { messagePushJobs } from '../../push/index';
import { searchableText } from '../../search/index';
import type { TicketEvent } from '../events';
import type {
  MessageFile,
  NewMessageInput,
  TicketRow,
  TicketsContext,
  WrittenFileKeys,
} from './context';
import { type MessageDto, messagePreview, toFileDto, toMessageDto } from './dto';
import { newFileKeys } from './file-keys';
import { type Actor, awaitingAfter } from './rules';

/** An attachment row but its message id, which the message's insert gives. */
type AttachmentRow = Omit<typeof ticketAttachments.$inferInsert, 'messageId'> & {
  id: string;
  size: number;
  width: number | null;
  height: number | null;
  thumbnailKey: string | null;
  isImage: boolean;
};

/**
 * Stores one message with its files inside the caller's transaction, moves the
 * ticket's activity, preview and whose turn it is, marks it read for its
 * author, queues the e-mail and records the event. An internal note does none
 * of what a customer could notice: no activity, preview, turn or e-mail, and
 * its event is marked so streams skip it for customers (DESIGN.md §7.2).
 */
export async function insertMessage(
  ctx: TicketsContext,
  tx: Db,
  keep: (key: string) => void,
  input: {
    ticket: TicketRow;
    actor: Actor;
    message: NewMessageInput;
    now: Date;
    /** The author's username when the caller read it already (null: no such user). */
    authorName?: string | null;
  },
): Promise<{ message: MessageDto; event: TicketEvent }> {
  const { ticket, actor, message, now } = input;
  const internal = message.internal === true;
  if (message.files.length > 0) {
    const adding = message.files.reduce(
      (sum, f) => sum + f.data.length + (f.thumbnail?.length ?? 0),
      0,
    );
    await reserveQuota(tx, actor, ctx.deps.config.storageQuotaBytes, adding);
  }
  // Keys first (database storage writes its bytes here), so the rows go in with the message.
  const attachments: AttachmentRow[] = [];
  for (const [position, file] of message.files.entries()) {
    const { storageKey, thumbnailKey } =
      file.writtenAs ?? (await writeInTransaction(ctx, tx, keep, file));
    attachments.push({
      id: crypto.randomUUID(),
      ticketId: ticket.id,
      filename: file.filename,
      position,
      mimetype: file.mimetype,
      size: file.data.length,
      storageKey,
      isImage: file.isImage,
      width: file.width,
      height: file.height,
      thumbnailKey,
      thumbnailSize: file.thumbnail?.length ?? null,
      sha256: file.sha256,
      createdAt: now,
    });
  }
  const { messageId, event } = await writeMessageRows(ctx, tx, { ...input, attachments });
  const files = attachments.map(toFileDto);
  const username =
    input.authorName !== undefined ? input.authorName : await authorUsername(tx, actor.id);
  return {
    message: toMessageDto({
      id: messageId,
      ticketId: ticket.id,
      authorId: actor.id,
      username,
      isAdmin: actor.isAdmin,
      body: message.body,
      createdAt: now,
      files,
      internal,
      emailSender: message.emailSender ?? null,
    }),
    event,
  };
}

/**
 * The message, its attachments' rows, the ticket's activity, preview, turn
 * and message count, the author's read marker, the e-mail and push jobs and the event,
 * in ONE statement (data-modifying CTEs): a post is a handful of small
 * statements and each costs a round trip and its parsing, planning and driver
 * work, more than the row it writes (issue 20, bench/README.md "Writes"). The
 * sub-statements touch different tables, and those that need the message's id
 * read it from `message`.
 */
async function writeMessageRows(
  ctx: TicketsContext,
  tx: Db,
  input: {
    ticket: TicketRow;
    actor: Actor;
    message: NewMessageInput;
    now: Date;
    attachments: readonly AttachmentRow[];
  },
): Promise<{ messageId: number; event: TicketEvent }> {
  const { ticket, actor, message, now, attachments } = input;
  const internal = message.internal === true;
  const newMessageId = sql`(select id from message)`;
  const text = searchableText(message.body);
  const parts: SQL[] = [
    sql`message as (${tx
      .insert(ticketMessages)
      .values({
        ticketId: ticket.id,
        authorId: actor.id,
        authorIsAdmin: actor.isAdmin,
        body: message.body,
        createdAt: now,
        internal,
        emailSender: message.emailSender ?? null,
        searchVector: text.vector,
      })
      .returning({ id: ticketMessages.id })
      .getSQL()})`,
    // One's own message is read by definition.
    sql`seen as (${tx
      .insert(ticketReads)
      .values({ ticketId: ticket.id, userId: actor.id, lastReadMessageId: newMessageId })
      .onConflictDoUpdate({
        target: [ticketReads.ticketId, ticketReads.userId],
        set: { lastReadMessageId: newMessageId },
      })
      .getSQL()})`,
  ];
  if (attachments.length > 0) {
    // The files' rows in the same statement (one insert for all), not one statement per file.
    parts.push(
      sql`files as (${tx
        .insert(ticketAttachments)
        .values(attachments.map((row) => ({ ...row, messageId: newMessageId })))
        .getSQL()})`,
    );
  }
  parts.push(sql`words as (${text.words})`);
  // Every message counts towards the ticket's cap (message-cap.ts), a note too, and is
  // in staff's search of the ticket (a note too: staff read notes).
  const counted = {
    messageCount: sql`${tickets.messageCount} + 1`,
    contentVector: text.contentAfter,
  };
  if (internal) {
    parts.push(
      sql`activity as (${tx.update(tickets).set(counted).where(eq(tickets.id, ticket.id)).getSQL()})`,
    );
  } else {
    const preview = messagePreview(
      message.body,
      message.files.map((f) => f.filename),
    );
    parts.push(
      sql`activity as (${tx
        .update(tickets)
        .set({
          lastActivityAt: now,
          lastMessagePreview: preview,
          ...(await turnAfter(tx, ticket, actor, now)),
          ...counted,
        })
        .where(eq(tickets.id, ticket.id))
        .getSQL()})`,
      // Staff get no e-mail about their colleagues' notes either (docs/tickets.md): notes are read in the app.
      sql`mail as (${messageMailJobs(tx, {
        ticketId: ticket.id,
        ownerId: ticket.ownerId,
        authorId: actor.id,
        now,
        delayMs: ctx.deps.config.notifyDelayMs,
      })})`,
      // Pushes go at once (the outbox is woken after commit); the e-mail still waits its delay.
      sql`push as (${messagePushJobs({
        ticketId: ticket.id,
        ownerId: ticket.ownerId,
        authorId: actor.id,
        messageId: newMessageId,
        now,
      })})`,
    );
  }
  const eventPayload = internal
    ? sql`jsonb_build_object('message_id', ${newMessageId}, 'internal', true)`
    : sql`jsonb_build_object('message_id', ${newMessageId})`;
  parts.push(
    sql`event as (${tx
      .insert(ticketEvents)
      .values({
        type: 'message',
        ticketId: ticket.id,
        ownerId: ticket.ownerId,
        payload: eventPayload,
        createdAt: now,
      })
      .returning({ id: ticketEvents.id })
      .getSQL()})`,
  );
  const pushes = internal ? sql`0` : sql`(select count(*) from push)`;
  const [row] = await rowsOf<{
    message_id: number | string;
    event_id: number | string;
    pushes: number | string;
  }>(
    tx,
    sql`with ${sql.join(parts, sql`, `)}
      select message.id as message_id, event.id as event_id, ${pushes} as pushes from message, event`,
  );
  if (!row) throw new Error('message not stored');
  // int8 comes back as a string from node-postgres.
  const messageId = Number(row.message_id);
  return {
    messageId,
    event: {
      id: Number(row.event_id),
      type: 'message',
      ticketId: ticket.id,
      ownerId: ticket.ownerId,
      payload: internal ? { message_id: messageId, internal: true } : { message_id: messageId },
      ...(Number(row.pushes) > 0 ? { pushQueued: true as const } : {}),
    },
  };
}

/**
 * The staff columns a public message moves: whose turn it is, since when (kept
 * while the same side writes again), staff's first answer, and when staff
 * must answer (DESIGN.md §7.9): counted when a customer starts waiting, null
 * once staff answered. A new waiting is a new overdue episode: its mail may go again.
 */
async function turnAfter(
  tx: Db,
  ticket: TicketRow,
  actor: Actor,
  now: Date,
): Promise<Partial<TicketRow>> {
  const awaiting = awaitingAfter(actor);
  const staffAnswer = actor.isAdmin && actor.id !== ticket.ownerId;
  const newWaiting = ticket.awaiting !== awaiting || !ticket.awaitingSince;
  const turn = {
    awaiting,
    awaitingSince: newWaiting ? now : ticket.awaitingSince,
    firstResponseAt: staffAnswer && !ticket.firstResponseAt ? now : ticket.firstResponseAt,
  };
  return {
    awaiting,
    ...(newWaiting ? { awaitingSince: now, overdueNotifiedAt: null } : {}),
    ...(staffAnswer && !ticket.firstResponseAt ? { firstResponseAt: now } : {}),
    ...(await dueAfter(tx, { ...ticket, ...turn }, newWaiting)),
  };
}

/** The due time after a message; the business hours are read only when a customer starts waiting. */
async function dueAfter(
  tx: Db,
  ticket: TicketRow,
  newWaiting: boolean,
): Promise<Pick<TicketRow, 'dueAt'> | Record<string, never>> {
  if (ticket.status !== 'open' || ticket.awaiting !== 'staff') {
    return ticket.dueAt === null ? {} : { dueAt: null };
  }
  // The customer writes again in the same waiting: the promise stands as it was.
  if (!newWaiting && ticket.dueAt !== null) return {};
  const hours = await readBusinessHours(tx);
  return { dueAt: dueAtFor(ticket, hours, businessClock(hours)) };
}

/** The bytes go into the transaction itself (database storage), or the caller wrote none ahead. */
async function writeInTransaction(
  ctx: TicketsContext,
  tx: Db,
  keep: (key: string) => void,
  file: MessageFile,
): Promise<WrittenFileKeys> {
  const { keys, writes } = newFileKeys(file, keep);
  for (const { key, data } of writes) await ctx.storage.write(tx, key, data);
  return keys;
}

async function authorUsername(tx: Db, userId: number): Promise<string | null> {
  const [author] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return author?.username ?? null;
}
