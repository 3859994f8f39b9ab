import { TicketListEventSchema } from '@studio/shared/tickets';
import { z } from 'zod';

/*
 * The data of a ticket's `message` stream event (apps/server/src/modules/stream/hub.ts):
 * `{type, ticket_id, message_id?, status?}`. Only new messages carry `message_id`;
 * status changes and deletions do not.
 */
const MessageEventDataSchema = z.object({ message_id: z.number().int().positive() });

/** The message a stream event announces, or null when it announces none (or is unreadable). */
export function announcedMessageId(data: string): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const result = MessageEventDataSchema.safeParse(parsed);
  return result.success ? result.data.message_id : null;
}

/**
 * True when the event announces a message the thread already holds, typically
 * the echo of the viewer's own send, whose answer put it there. Anything else
 * (an unknown id, a status change, unreadable data) means the thread may be
 * out of date.
 */
export function isAlreadyShown(
  data: string,
  thread: readonly { id: number }[] | undefined,
): boolean {
  const messageId = announcedMessageId(data);
  return messageId !== null && (thread?.some((m) => m.id === messageId) ?? false);
}

/**
 * The ticket an `updated` event of the list stream names (a new subject, an
 * assignee, the customer's rating: docs/tickets.md „Live streams”), or null
 * for any other event or unreadable data.
 */
export function updatedTicketId(data: string): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const result = TicketListEventSchema.safeParse(parsed);
  return result.success && result.data.type === 'updated' ? result.data.ticket_id : null;
}
