import { TicketListEventSchema } from '@studio/shared/tickets';
import { z } from 'zod';
import { readEventData } from './event-stream';

/*
 * The data of a ticket's `message` stream event (apps/server/src/modules/stream/hub.ts):
 * `{type, ticket_id, message_id?, status?}`. Only new messages carry `message_id`;
 * status changes and deletions do not.
 */
const MessageEventDataSchema = z.object({ message_id: z.number().int().positive() });

/** The message a stream event announces, or null when it announces none (or is unreadable). */
export function announcedMessageId(data: string): number | null {
  return readEventData(data, MessageEventDataSchema)?.message_id ?? null;
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
  const event = readEventData(data, TicketListEventSchema);
  return event?.type === 'updated' ? event.ticket_id : null;
}
