import type { ServerResponse } from 'node:http';
import type { TicketEvent } from '../tickets/index';
import {
  coalesce,
  type EventTexts,
  eventFor,
  type StreamScope,
  type StreamViewer,
} from './stream-events';

/** A single write that leaves more than this waiting for the client ends the stream at once. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * One open event stream and its back-pressure. Once `res.write()` says the
 * client is not keeping up, nothing more is written until `drain`: the events
 * of that time are merged into one (`coalesce`), so a client that does not
 * read costs one event, not an ever-growing buffer. A client that stays
 * blocked for `stallTimeoutMs` is disconnected.
 */
export class StreamConnection implements StreamScope {
  /**
   * Ids sent by the replay, so a live event that arrived meanwhile is not sent
   * twice. Live events are otherwise never filtered by id: transactions can
   * commit out of id order, and dropping "older" ids would lose events.
   */
  readonly replayed = new Set<number>();
  /** Live events that arrive while the replay is being read are held here. */
  pending: TicketEvent[] | null = [];
  /** While blocked: the event to send at `drain`, standing for all that arrived meanwhile. */
  private held: TicketEvent | null = null;
  /** While blocked: the latest notice of each kind (they carry a state, so the latest stands for all). */
  private readonly heldNotices = new Map<string, string>();
  private waitingForDrain = false;
  /**
   * Started when the client first blocks, and kept across a `drain` after
   * which the next write blocks again at once: a client whose buffer never
   * empties is stalled, however many bytes the kernel takes now and then.
   */
  private stallTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    readonly viewer: StreamViewer,
    readonly ticketId: number | null,
    readonly res: ServerResponse,
    private readonly options: { stallTimeoutMs: number; onClose: (c: StreamConnection) => void },
  ) {
    res.on('close', () => this.close());
    res.on('drain', () => this.drained());
  }

  private get writable() {
    return !this.closed && !this.res.writableEnded && !this.res.destroyed;
  }

  /** Waiting for `drain`: the client has not taken what was written. */
  get blocked() {
    return this.waitingForDrain;
  }

  /** `texts`: shared by every stream the event goes to, so it is serialised once. */
  send(event: TicketEvent, texts?: EventTexts) {
    // The client may have gone while the replay was being read.
    if (!this.writable) return;
    const text = eventFor(this, event, texts);
    if (!text) return;
    if (this.blocked) {
      this.held = coalesce(this.held, event);
      return;
    }
    this.write(text);
    // The thread is gone: say so, then end the stream.
    if (this.ticketId !== null && event.type === 'deleted') this.close();
  }

  /**
   * A notice that is not a ticket event (`event: mailbox`): no id, no replay
   * (a reconnecting page reads the state anew), and only the latest of a kind
   * waits for a blocked client.
   */
  notify(kind: string, text: string) {
    if (!this.writable) return;
    if (this.blocked) {
      this.heldNotices.set(kind, text);
      return;
    }
    this.write(text);
  }

  /** The heartbeat; a blocked client gets none (the stall timer is already running). */
  ping() {
    if (this.writable && !this.blocked) this.write(': ping\n\n');
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    const wasBlocked = this.blocked;
    this.clearStallTimer();
    this.held = null;
    this.heldNotices.clear();
    this.options.onClose(this);
    // end() would wait for a client that does not read; destroy frees the socket now.
    if (wasBlocked) this.res.destroy();
    else if (!this.res.writableEnded) this.res.end();
  }

  private write(text: string) {
    if (this.res.write(text)) return;
    this.waitingForDrain = true;
    if (!this.stallTimer) {
      this.stallTimer = setTimeout(() => this.close(), this.options.stallTimeoutMs);
      this.stallTimer.unref();
    }
    if (this.res.writableLength > MAX_BUFFERED_BYTES) this.close();
  }

  private drained() {
    if (!this.waitingForDrain) return;
    this.waitingForDrain = false;
    const held = this.held;
    this.held = null;
    if (held) this.send(held);
    const notices = [...this.heldNotices];
    this.heldNotices.clear();
    for (const [kind, text] of notices) this.notify(kind, text);
    if (!this.waitingForDrain) this.clearStallTimer();
  }

  private clearStallTimer() {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = null;
  }
}
