import { PRESENCE_LAPSE_MS, type PresenceEvent, type PresenceUser } from '@studio/shared/presence';
import type { PresenceReport } from './presence-report';

interface Entry {
  username: string;
  state: PresenceUser['state'];
  expiresAt: number;
}

/**
 * Who is on which ticket, as this instance knows it from the bus. Every
 * instance receives every report and keeps the same board, so each can tell
 * its own streams what changed, including a lapse, without asking the others.
 * Memory is bounded: an entry lives PRESENCE_LAPSE_MS after its last report
 * and an empty ticket is dropped.
 */
export class PresenceBoard {
  private readonly tickets = new Map<number, Map<number, Entry>>();

  get isEmpty() {
    return this.tickets.size === 0;
  }

  /** Applies a report; answers the ticket's new list when it changed, else null. */
  apply(report: PresenceReport, now: number): PresenceEvent | null {
    const expiresAt = report.at + PRESENCE_LAPSE_MS;
    const users = this.tickets.get(report.ticketId);
    const before = users?.get(report.userId);
    if (report.state === 'left' || expiresAt <= now) {
      if (!before) return null;
      this.remove(report.ticketId, report.userId);
      return this.eventFor(report.ticketId);
    }
    const entry: Entry = { username: report.username, state: report.state, expiresAt };
    const map = users ?? new Map<number, Entry>();
    map.set(report.userId, entry);
    this.tickets.set(report.ticketId, map);
    // A refresh of the same state only moves the lapse: the list is unchanged.
    if (before && before.state === entry.state && before.username === entry.username) return null;
    return this.eventFor(report.ticketId);
  }

  /** Removes what lapsed by `now`; answers the new list of every ticket that changed. */
  sweep(now: number): PresenceEvent[] {
    const changed: PresenceEvent[] = [];
    for (const [ticketId, users] of [...this.tickets]) {
      let lapsed = false;
      for (const [userId, entry] of [...users]) {
        if (entry.expiresAt <= now) {
          this.remove(ticketId, userId);
          lapsed = true;
        }
      }
      if (lapsed) changed.push(this.eventFor(ticketId));
    }
    return changed;
  }

  /** The lists a newly opened stream starts from: one ticket's, or every non-empty one. */
  snapshot(ticketId: number | null): PresenceEvent[] {
    if (ticketId !== null) return this.tickets.has(ticketId) ? [this.eventFor(ticketId)] : [];
    return [...this.tickets.keys()].map((id) => this.eventFor(id));
  }

  private remove(ticketId: number, userId: number) {
    const users = this.tickets.get(ticketId);
    users?.delete(userId);
    if (users?.size === 0) this.tickets.delete(ticketId);
  }

  private eventFor(ticketId: number): PresenceEvent {
    const users = [...(this.tickets.get(ticketId) ?? [])]
      .sort(([a], [b]) => a - b)
      .map(([id, e]) => ({ id, username: e.username, state: e.state }));
    return { ticket_id: ticketId, users };
  }
}
