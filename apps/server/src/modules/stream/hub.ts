import type { ServerResponse } from 'node:http';
import type { MailboxStreamEvent } from '@studio/shared/mailbox';
import type { PresenceEvent } from '@studio/shared/presence';
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions, ticketEvents, users } from '../../db/schema/index';
import {
  type EventBus,
  SESSION_CHANNEL,
  type SessionEvent,
  sessionEventNames,
} from '../../events/bus';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { MAILBOX_CHANNEL } from '../inbound-mail/index';
import { isPresenceReport, PRESENCE_CHANNEL, PresenceBoard } from '../presence/index';
import { TICKETS_CHANNEL, type TicketEvent } from '../tickets/index';
import { StreamConnection } from './stream-connection';
import type { EventTexts, StreamViewer } from './stream-events';

export type { StreamViewer };

export const MAX_STREAMS_PER_SESSION = 10;
export const HEARTBEAT_MS = 25_000;
/** A reconnecting client gets at most this many missed events; it reloads anyway. */
export const REPLAY_LIMIT = 100;
/** What a refused client is told to wait; the web app retries with its own back-off anyway. */
const REFUSAL_RETRY_AFTER_SECONDS = 30;
/** How often lapsed presence is looked for; a lapse is announced at most this late. */
export const PRESENCE_SWEEP_MS = 1_000;

/**
 * Open event streams of this instance. One bus subscription feeds all of
 * them; with Redis every instance receives every event and delivers it to the
 * streams it holds. The limits count this instance's streams only: sockets
 * live on one instance, so that is where they cost (docs/operations.md).
 */
export class StreamHub {
  private readonly connections = new Set<StreamConnection>();
  private readonly byUser = new Map<number, Set<StreamConnection>>();
  private unsubscribe: Array<() => Promise<void>> = [];
  /** One timer for all streams, running while any is open. */
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** Who is on which ticket, from every instance's reports (modules/presence). */
  private readonly presence = new PresenceBoard();
  /** Runs while anyone is on a ticket, to announce lapses. */
  private presenceSweep: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly limits: Config['streams'],
  ) {}

  async start() {
    this.unsubscribe.push(
      await this.bus.subscribe(TICKETS_CHANNEL, (payload) => this.deliver(payload as TicketEvent)),
      await this.bus.subscribe(SESSION_CHANNEL, (payload) =>
        this.onSessionEvent(payload as SessionEvent),
      ),
      await this.bus.subscribe(MAILBOX_CHANNEL, (payload) =>
        this.announceMailbox(payload as MailboxStreamEvent),
      ),
      await this.bus.subscribe(PRESENCE_CHANNEL, (payload) => this.onPresenceReport(payload)),
    );
  }

  async stop() {
    for (const connection of [...this.connections]) connection.close();
    this.stopPresenceSweep();
    await Promise.all(this.unsubscribe.splice(0).map((u) => u()));
  }

  /**
   * Why a new stream of this viewer is refused now, or null. Checked in the
   * same tick as open() registers the stream, so parallel opens cannot pass
   * it together.
   */
  refusal(viewer: StreamViewer): AppError | null {
    const retryAfterSeconds = REFUSAL_RETRY_AFTER_SECONDS;
    // The whole process is full: not this client's fault, so 503 rather than 429.
    if (this.connections.size >= this.limits.maxTotal) {
      return new AppError(503, 'service_unavailable', { retryAfterSeconds });
    }
    const mine = this.byUser.get(viewer.userId) ?? new Set();
    let inSession = 0;
    for (const c of mine) if (c.viewer.sessionId === viewer.sessionId) inSession++;
    if (mine.size >= this.limits.maxPerUser || inSession >= MAX_STREAMS_PER_SESSION) {
      return new AppError(429, 'rate_limited', { retryAfterSeconds });
    }
    return null;
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
    const connection = new StreamConnection(input.viewer, input.ticketId, input.res, {
      stallTimeoutMs: this.limits.stallTimeoutMs,
      onClose: (c) => this.forget(c),
    });
    this.connections.add(connection);
    const mine = this.byUser.get(input.viewer.userId) ?? new Set();
    mine.add(connection);
    this.byUser.set(input.viewer.userId, mine);
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
        connection.send(row);
      }
    }
    const held = connection.pending ?? [];
    connection.pending = null;
    for (const event of held) if (!connection.replayed.has(event.id)) connection.send(event);
    connection.replayed.clear();
    // Presence is announced on change only: a new stream starts from who is there now.
    if (connection.viewer.isAdmin) {
      for (const event of this.presence.snapshot(connection.ticketId)) {
        connection.notify(presenceKind(event), presenceText(event));
      }
    }
    return connection;
  }

  private forget(connection: StreamConnection) {
    this.connections.delete(connection);
    const mine = this.byUser.get(connection.viewer.userId);
    mine?.delete(connection);
    if (mine?.size === 0) this.byUser.delete(connection.viewer.userId);
    if (this.connections.size === 0) this.stopHeartbeat();
  }

  private async replay(connection: StreamConnection, after: number): Promise<TicketEvent[]> {
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

  private visibility(connection: StreamConnection): SQL | undefined {
    if (connection.ticketId !== null) return eq(ticketEvents.ticketId, connection.ticketId);
    if (connection.viewer.isAdmin) return undefined;
    return eq(ticketEvents.ownerId, connection.viewer.userId);
  }

  private deliver(event: TicketEvent) {
    const texts: EventTexts = {};
    for (const connection of [...this.connections]) {
      if (connection.pending) connection.pending.push(event);
      else connection.send(event, texts);
    }
  }

  /** Admins' list streams learn how many mails wait in „Skrzynka” (DESIGN §7.1); customers never. */
  private announceMailbox(event: MailboxStreamEvent) {
    if (!Number.isInteger(event.total) || event.total < 0) return;
    const text = `event: mailbox\ndata: ${JSON.stringify({ total: event.total })}\n\n`;
    for (const connection of this.connections) {
      if (connection.viewer.isAdmin && connection.ticketId === null) {
        connection.notify('mailbox', text);
      }
    }
  }

  private onPresenceReport(payload: unknown) {
    if (!isPresenceReport(payload)) return;
    const changed = this.presence.apply(payload, this.clock.now().getTime());
    if (changed) this.announcePresence(changed);
    if (!this.presence.isEmpty && !this.presenceSweep) {
      this.presenceSweep = setInterval(() => this.sweepPresence(), PRESENCE_SWEEP_MS);
      this.presenceSweep.unref();
    }
  }

  private sweepPresence() {
    for (const event of this.presence.sweep(this.clock.now().getTime())) {
      this.announcePresence(event);
    }
    if (this.presence.isEmpty) this.stopPresenceSweep();
  }

  private stopPresenceSweep() {
    if (this.presenceSweep) clearInterval(this.presenceSweep);
    this.presenceSweep = null;
  }

  /**
   * Every admin's list stream, and an admin's stream of that ticket, learn the
   * ticket's new list (DESIGN.md §7.9); customers never. Each instance tells
   * the streams it holds: every instance has the same board from the bus.
   */
  private announcePresence(event: PresenceEvent) {
    const kind = presenceKind(event);
    const text = presenceText(event);
    for (const connection of this.connections) {
      if (!connection.viewer.isAdmin) continue;
      if (connection.ticketId === null || connection.ticketId === event.ticket_id) {
        connection.notify(kind, text);
      }
    }
  }

  /**
   * Keeps proxies from closing idle streams, and ends the streams of sessions
   * that expired or of users whose admin right changed without an event (the
   * admin command against PostgreSQL with no Redis): one query for every open
   * stream, not one per stream.
   */
  private async beat() {
    const current = [...this.connections];
    const ids = [...new Set(current.map((c) => c.viewer.sessionId))];
    let alive: Map<number, boolean>;
    try {
      alive = new Map();
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await this.db
          .select({ id: sessions.id, isAdmin: users.isAdmin })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(
            and(
              inArray(sessions.id, ids.slice(i, i + 1000)),
              gt(sessions.expiresAt, this.clock.now()),
            ),
          );
        for (const row of rows) alive.set(row.id, row.isAdmin);
      }
    } catch {
      // While the database is unreachable, open streams are left alone.
      return this.pingAll(current);
    }
    const changedUsers = new Set<number>();
    for (const connection of current) {
      const isAdmin = alive.get(connection.viewer.sessionId);
      if (isAdmin === undefined) connection.close();
      else if (isAdmin !== connection.viewer.isAdmin) {
        connection.close();
        changedUsers.add(connection.viewer.userId);
      }
    }
    this.pingAll(current);
    // Every instance's session cache, and its streams, learn of the change too.
    for (const userId of changedUsers) {
      await this.bus.publish(SESSION_CHANNEL, { type: 'user-changed', userId }).catch(() => {});
    }
  }

  private pingAll(current: StreamConnection[]) {
    for (const connection of current) connection.ping();
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private onSessionEvent(event: SessionEvent) {
    if (event.type === 'user-changed') {
      void this.rescope(event.userId);
      return;
    }
    for (const connection of [...this.connections]) {
      if (sessionEventNames(event, connection.viewer)) connection.close();
    }
  }

  /**
   * A changed user is read again. Streams opened with another admin right
   * than the user now has are closed: the browser reconnects at once and gets
   * the stream (and the replay) its new right allows, or 404 for a ticket it
   * may no longer see. A name or 2FA change leaves the streams alone.
   */
  private async rescope(userId: number) {
    if (!this.byUser.has(userId)) return;
    const rows = await this.db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      // Unknown is treated as changed: closing costs a reconnect, keeping could leak.
      .catch(() => []);
    const isAdmin = rows[0]?.isAdmin;
    for (const connection of [...(this.byUser.get(userId) ?? [])]) {
      if (connection.viewer.isAdmin !== isAdmin) connection.close();
    }
  }
}

/** Per ticket, so a blocked client keeps the latest list of every ticket, not only of the last. */
function presenceKind(event: PresenceEvent) {
  return `presence:${event.ticket_id}`;
}

function presenceText(event: PresenceEvent) {
  return `event: presence\ndata: ${JSON.stringify(event)}\n\n`;
}
