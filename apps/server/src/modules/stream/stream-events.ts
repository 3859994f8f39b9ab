import type { TicketListEvent, TicketThreadEvent } from '@studio/shared/tickets';
import type { TicketEvent } from '../tickets/index';

export interface StreamViewer {
  userId: number;
  isAdmin: boolean;
  sessionId: number;
}

/** What decides which events a stream carries. */
export interface StreamScope {
  viewer: StreamViewer;
  /** null: the list stream; a number: that ticket's message stream. */
  ticketId: number | null;
}

/** The status a `status` event carries, when it carries one. */
function statusOf(event: TicketEvent): Pick<TicketListEvent, 'status'> {
  const { status } = event.payload;
  return status === 'open' || status === 'closed' ? { status } : {};
}

/**
 * An event's SSE text, built at most once per stream kind however many streams
 * carry it: the text depends on the event and the kind of stream only, so
 * fanning one event out to 10,000 list streams serialises it once.
 */
export interface EventTexts {
  list?: string;
  thread?: string;
}

/** Which events a stream carries, and under which SSE event name (shapes: @studio/shared/tickets). */
export function eventFor(
  scope: StreamScope,
  event: TicketEvent,
  texts: EventTexts = {},
): string | null {
  const { viewer, ticketId } = scope;
  // A customer never learns of an internal note, live or replayed (DESIGN.md §7.2).
  if (event.payload.internal === true && !viewer.isAdmin) return null;
  if (ticketId === null) {
    if (event.ownerId !== viewer.userId && !viewer.isAdmin) return null;
    texts.list ??= listText(event);
    return texts.list;
  }
  if (event.ticketId !== ticketId || event.type === 'created') return null;
  texts.thread ??= threadText(event, event.type);
  return texts.thread;
}

function listText(event: TicketEvent): string {
  const data: TicketListEvent = {
    type: event.type,
    ticket_id: event.ticketId,
    ...statusOf(event),
  };
  return `event: ticket\nid: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`;
}

function threadText(event: TicketEvent, type: TicketThreadEvent['type']): string {
  const data: TicketThreadEvent = {
    type,
    ticket_id: event.ticketId,
    ...(typeof event.payload.message_id === 'number'
      ? { message_id: event.payload.message_id }
      : {}),
    ...statusOf(event),
  };
  return `event: message\nid: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The one event a blocked client gets once it reads again, in place of all
 * that arrived meanwhile. Events only tell the page to refetch, so one is
 * enough, with two cares: a deletion is final and wins; and a merged event
 * names no message, because the web app skips a `message` event naming one
 * it already shows (its own send), which would hide the others merged into it.
 */
export function coalesce(held: TicketEvent | null, next: TicketEvent): TicketEvent {
  if (!held) return next;
  if (held.type === 'deleted') return held;
  const { message_id: _named, ...payload } = next.payload;
  return { ...next, payload };
}
