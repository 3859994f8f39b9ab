import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  ticketAttachments,
  ticketMessages,
  ticketReads,
  tickets,
  users,
} from '../../../db/schema/index';
import { newStorageKey, thumbnailKeyOf } from '../../../storage/storage';
import { reserveQuota } from '../../files/index';
import { enqueueMessageMail } from '../../notifications/index';
import { recordEvent, type TicketEvent } from '../events';
import type {
  MessageFile,
  NewMessageInput,
  TicketRow,
  TicketsContext,
  WrittenFileKeys,
} from './context';
import { type FileDto, type MessageDto, messagePreview, toFileDto, toMessageDto } from './dto';
import { type Actor, awaitingAfter } from './rules';

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
  const [row] = await tx
    .insert(ticketMessages)
    .values({
      ticketId: ticket.id,
      authorId: actor.id,
      authorIsAdmin: actor.isAdmin,
      body: message.body,
      createdAt: now,
      internal,
    })
    .returning();
  if (!row) throw new Error('message not stored');
  const files: FileDto[] = [];
  for (const [position, file] of message.files.entries()) {
    const id = crypto.randomUUID();
    const { storageKey, thumbnailKey } =
      file.writtenAs ?? (await writeInTransaction(ctx, tx, keep, file));
    const attachment = {
      id,
      messageId: row.id,
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
    };
    await tx.insert(ticketAttachments).values(attachment);
    files.push(toFileDto(attachment));
  }
  if (!internal) {
    const preview = messagePreview(
      message.body,
      message.files.map((f) => f.filename),
    );
    await tx
      .update(tickets)
      .set({ lastActivityAt: now, lastMessagePreview: preview, ...turnAfter(ticket, actor, now) })
      .where(eq(tickets.id, ticket.id));
  }
  // One's own message is read by definition.
  await tx
    .insert(ticketReads)
    .values({ ticketId: ticket.id, userId: actor.id, lastReadMessageId: row.id })
    .onConflictDoUpdate({
      target: [ticketReads.ticketId, ticketReads.userId],
      set: { lastReadMessageId: row.id },
    });
  // Staff get no e-mail about their colleagues' notes either (docs/tickets.md): notes are read in the app.
  if (!internal) {
    await enqueueMessageMail(tx, {
      ticketId: ticket.id,
      ownerId: ticket.ownerId,
      authorId: actor.id,
      now,
      delayMs: ctx.deps.config.notifyDelayMs,
    });
  }
  const event = await recordEvent(
    tx,
    {
      type: 'message',
      ticketId: ticket.id,
      ownerId: ticket.ownerId,
      payload: internal ? { message_id: row.id, internal: true } : { message_id: row.id },
    },
    now,
  );
  const username =
    input.authorName !== undefined ? input.authorName : await authorUsername(tx, actor.id);
  return {
    message: toMessageDto({
      id: row.id,
      ticketId: ticket.id,
      authorId: actor.id,
      username,
      isAdmin: actor.isAdmin,
      body: row.body,
      createdAt: row.createdAt,
      files,
      internal,
    }),
    event,
  };
}

/**
 * The staff columns a public message moves: whose turn it is, since when (kept
 * while the same side writes again), and staff's first answer.
 */
function turnAfter(ticket: TicketRow, actor: Actor, now: Date): Partial<TicketRow> {
  const awaiting = awaitingAfter(actor);
  const staffAnswer = actor.isAdmin && actor.id !== ticket.ownerId;
  return {
    awaiting,
    ...(ticket.awaiting !== awaiting || !ticket.awaitingSince ? { awaitingSince: now } : {}),
    ...(staffAnswer && !ticket.firstResponseAt ? { firstResponseAt: now } : {}),
  };
}

/** The bytes go into the transaction itself (database storage), or the caller wrote none ahead. */
async function writeInTransaction(
  ctx: TicketsContext,
  tx: Db,
  keep: (key: string) => void,
  file: MessageFile,
): Promise<WrittenFileKeys> {
  const storageKey = newStorageKey();
  keep(storageKey);
  await ctx.storage.write(tx, storageKey, file.data);
  if (!file.thumbnail) return { storageKey, thumbnailKey: null };
  const thumbnailKey = thumbnailKeyOf(storageKey);
  keep(thumbnailKey);
  await ctx.storage.write(tx, thumbnailKey, file.thumbnail);
  return { storageKey, thumbnailKey };
}

async function authorUsername(tx: Db, userId: number): Promise<string | null> {
  const [author] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return author?.username ?? null;
}
