import type { ServerResponse } from 'node:http';
import type { TicketListEvent, TicketThreadEvent } from '@studio/shared/tickets';
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, ticketEvents } from '../../db/schema/index';
import {
  type EventBus,
  SESSION_CHANNEL,
  type SessionEvent,
  sessionEventNames,
} from '../../events/bus';
import type { Clock } from '../../lib/clock';
import { TICKETS_CHANNEL, type TicketEvent } from '../tickets/index';

export const MAX_STREAMS_PER_SESSION = 10;
export const HEARTBEAT_MS = 25_000;
/** A reconnecting client gets at most this many missed events; it reloads anyway. */
export const REPLAY_LIMIT = 100;

export interface StreamViewer {
  userId: number;
  isAdmin: boolean;
  sessionId: number;
}

interface Connection {
  viewer: StreamViewer;
  /** null: the list stream; a number: that ticket's message stream. */
  ticketId: number | null;
  res: ServerResponse;
  /**
   * Ids sent by the replay, so a live event that arrived meanwhile is not sent
   * twice. Live events are otherwise never filtered by id: transactions can
   * commit out of id order, and dropping "older" ids would lose events.
   */
  replayed: Set<number>;
  /** Live events that arrive while the replay is being read are held here. */
  pending: TicketEvent[] | null;
  close(): void;
}

/** The status a `status` event carries, when it carries one. */
function statusOf(event: TicketEvent): Pick<TicketListEvent, 'status'> {
  const { status } = event.payload;
  return status === 'open' || status === 'closed' ? { status } : {};
}

/** Which events a stream carries, and under which SSE event name (shapes: @studio/shared/tickets). */
function eventFor(connection: Connection, event: TicketEvent): string | null {
  const { viewer, ticketId } = connection;
  if (ticketId === null) {
    if (event.ownerId !== viewer.userId && !viewer.isAdmin) return null;
    const data: TicketListEvent = {
      type: event.type,
      ticket_id: event.ticketId,
      ...statusOf(event),
    };
    return `event: ticket\nid: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  if (event.ticketId !== ticketId || event.type === 'created') return null;
  const data: TicketThreadEvent = {
    type: event.type,
    ticket_id: event.ticketId,
    ...(typeof event.payload.message_id === 'number'
      ? { message_id: event.payload.message_id }
      : {}),
    ...statusOf(event),
  };
  return `event: message\nid: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Open event streams of this instance. One bus subscription feeds all of
 * them; with Redis every instance receives every event and delivers it to the
 * streams it holds.
 */
export class StreamHub {
  private readonly connections = new Set<Connection>();
  private unsubscribe: Array<() => Promise<void>> = [];
  /** One timer for all streams, running while any is open. */
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async start() {
    this.unsubscribe.push(
      await this.bus.subscribe(TICKETS_CHANNEL, (payload) => this.deliver(payload as TicketEvent)),
      await this.bus.subscribe(SESSION_CHANNEL, (payload) =>
        this.endSessions(payload as SessionEvent),
      ),
    );
  }

  async stop() {
    for (const connection of [...this.connections]) connection.close();
    await Promise.all(this.unsubscribe.splice(0).map((u) => u()));
  }

  countForSession(sessionId: number): number {
    let count = 0;
    for (const c of this.connections) if (c.viewer.sessionId === sessionId) count++;
    return count;
  }

  get size() {
    return this.connections.size;
  }

  /**
   * Registers a stream, then replays what it missed after `lastEventId`.
   * Registration comes first so nothing published during the replay query is
   * lost; the id check drops what the replay already sent.
   */
  async open(input: {
    viewer: StreamViewer;
    ticketId: number | null;
    res: ServerResponse;
    lastEventId: number | null;
  }) {
    let closed = false;
    const connection: Connection = {
      viewer: input.viewer,
      ticketId: input.ticketId,
      res: input.res,
      replayed: new Set(),
      pending: [],
      close: () => {
        if (closed) return;
        closed = true;
        this.connections.delete(connection);
        if (this.connections.size === 0) this.stopHeartbeat();
        if (!input.res.writableEnded) input.res.end();
      },
    };
    this.connections.add(connection);
    input.res.on('close', connection.close);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
      this.heartbeat.unref();
    }

    if (input.lastEventId !== null) {
      const missed = await this.replay(connection, input.lastEventId).catch((error: unknown) => {
        connection.close();
        throw error;
      });
      for (const row of missed) {
        connection.replayed.add(row.id);
        this.send(connection, row);
      }
    }
    const held = connection.pending ?? [];
    connection.pending = null;
    for (const event of held) if (!connection.replayed.has(event.id)) this.send(connection, event);
    connection.replayed.clear();
    return connection;
  }

  private async replay(connection: Connection, after: number): Promise<TicketEvent[]> {
    {
      const missed = await this.db
        .select()
        .from(ticketEvents)
        .where(and(gt(ticketEvents.id, after), this.visibility(connection)))
        .orderBy(asc(ticketEvents.id))
        .limit(REPLAY_LIMIT);
      return missed.map((row) => ({
        id: row.id,
        type: row.type,
        ticketId: row.ticketId,
        ownerId: row.ownerId,
        payload: row.payload as Record<string, unknown>,
      }));
    }
  }

  private visibility(connection: Connection): SQL | undefined {
    if (connection.ticketId !== null) return eq(ticketEvents.ticketId, connection.ticketId);
    if (connection.viewer.isAdmin) return undefined;
    return eq(ticketEvents.ownerId, connection.viewer.userId);
  }

  private send(connection: Connection, event: TicketEvent) {
    // The client may have gone while the replay was being read.
    if (connection.res.writableEnded || connection.res.destroyed) return;
    const text = eventFor(connection, event);
    if (!text) return;
    connection.res.write(text);
    // The thread is gone: say so, then end the stream.
    if (connection.ticketId !== null && event.type === 'deleted') connection.close();
  }

  private deliver(event: TicketEvent) {
    for (const connection of [...this.connections]) {
      if (connection.pending) connection.pending.push(event);
      else this.send(connection, event);
    }
  }

  /**
   * Keeps proxies from closing idle streams, and ends the streams of sessions
   * that expired: one query for every open stream, not one per stream.
   */
  private async beat() {
    const current = [...this.connections];
    const ids = [...new Set(current.map((c) => c.viewer.sessionId))];
    let alive: Set<number>;
    try {
      alive = new Set<number>();
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await this.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(
            and(
              inArray(sessions.id, ids.slice(i, i + 1000)),
              gt(sessions.expiresAt, this.clock.now()),
            ),
          );
        for (const row of rows) alive.add(row.id);
      }
    } catch {
      // While the database is unreachable, open streams are left alone.
      alive = new Set(ids);
    }
    for (const connection of current) {
      if (!this.connections.has(connection)) continue;
      if (!alive.has(connection.viewer.sessionId)) connection.close();
      else if (!connection.res.writableEnded) connection.res.write(': ping\n\n');
    }
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private endSessions(event: SessionEvent) {
    if (event.type === 'user-changed') return;
    for (const connection of [...this.connections]) {
      if (sessionEventNames(event, connection.viewer)) connection.close();
    }
  }
}
