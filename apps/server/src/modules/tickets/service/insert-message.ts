import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  ticketAttachments,
  ticketMessages,
  ticketReads,
  tickets,
  users,
} from '../../../db/schema/index';
import { newStorageKey } from '../../../storage/storage';
import { reserveQuota } from '../../files/index';
import { enqueueMessageMail } from '../../notifications/index';
import { recordEvent, type TicketEvent } from '../events';
import type { NewMessageInput, TicketRow, TicketsContext } from './context';
import { type FileDto, type MessageDto, messagePreview, toFileDto, toMessageDto } from './dto';
import type { Actor } from './rules';

/**
 * Stores one message with its files inside the caller's transaction, moves the
 * ticket's activity and preview, marks it read for its author, queues the
 * e-mail and records the event.
 */
export async function insertMessage(
  ctx: TicketsContext,
  tx: Db,
  keep: (key: string) => void,
  input: { ticket: TicketRow; actor: Actor; message: NewMessageInput; now: Date },
): Promise<{ message: MessageDto; event: TicketEvent }> {
  const { ticket, actor, message, now } = input;
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
    })
    .returning();
  if (!row) throw new Error('message not stored');
  const files: FileDto[] = [];
  for (const [position, file] of message.files.entries()) {
    const id = crypto.randomUUID();
    const storageKey = newStorageKey();
    keep(storageKey);
    await ctx.storage.write(tx, storageKey, file.data);
    let thumbnailKey: string | null = null;
    if (file.thumbnail) {
      thumbnailKey = `${storageKey}.thumb`;
      keep(thumbnailKey);
      await ctx.storage.write(tx, thumbnailKey, file.thumbnail);
    }
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
  const preview = messagePreview(
    message.body,
    message.files.map((f) => f.filename),
  );
  await tx
    .update(tickets)
    .set({ lastActivityAt: now, lastMessagePreview: preview })
    .where(eq(tickets.id, ticket.id));
  // One's own message is read by definition.
  await tx
    .insert(ticketReads)
    .values({ ticketId: ticket.id, userId: actor.id, lastReadMessageId: row.id })
    .onConflictDoUpdate({
      target: [ticketReads.ticketId, ticketReads.userId],
      set: { lastReadMessageId: row.id },
    });
  await enqueueMessageMail(tx, {
    ticketId: ticket.id,
    ownerId: ticket.ownerId,
    authorId: actor.id,
    now,
    delayMs: ctx.deps.config.notifyDelayMs,
  });
  const event = await recordEvent(
    tx,
    {
      type: 'message',
      ticketId: ticket.id,
      ownerId: ticket.ownerId,
      payload: { message_id: row.id },
    },
    now,
  );
  const [author] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, actor.id));
  return {
    message: toMessageDto({
      id: row.id,
      ticketId: ticket.id,
      authorId: actor.id,
      username: author?.username,
      isAdmin: actor.isAdmin,
      body: row.body,
      createdAt: row.createdAt,
      files,
    }),
    event,
  };
}
