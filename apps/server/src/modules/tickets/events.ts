import type { TicketEventType } from '@studio/shared/tickets';
import type { Db } from '../../db/client';
import { ticketEvents } from '../../db/schema/index';
import type { EventBus } from '../../events/bus';

/** Bus channel for ticket changes; the stream module fans them out to open streams. */
export const TICKETS_CHANNEL = 'tickets';

/** What travels on the bus and, trimmed, to the browser. */
export interface TicketEvent {
  id: number;
  type: TicketEventType;
  ticketId: number;
  ownerId: number;
  payload: Record<string, unknown>;
  /**
   * Set when the write queued push jobs (modules/push): the instances wake
   * their outbox on it. Travels on the bus only, never to a browser.
   */
  pushQueued?: true;
}

/**
 * Recorded in the transaction of the change itself, so an event exists exactly
 * when the change does and its id orders it for Last-Event-ID replay.
 */
export async function recordEvent(
  tx: Db,
  event: Omit<TicketEvent, 'id'>,
  now: Date,
): Promise<TicketEvent> {
  const [row] = await tx
    .insert(ticketEvents)
    .values({ ...event, createdAt: now })
    .returning({ id: ticketEvents.id });
  if (!row) throw new Error('event not recorded');
  return { ...event, id: row.id };
}

/** After commit. A bus failure must not turn a stored message into an error for its author. */
export async function publishEvents(
  bus: EventBus,
  log: { warn(obj: unknown, msg: string): void },
  events: readonly TicketEvent[],
) {
  for (const event of events) {
    try {
      await bus.publish(TICKETS_CHANNEL, event);
    } catch (error) {
      log.warn({ err: error, eventId: event.id }, 'ticket event not published');
    }
  }
}
