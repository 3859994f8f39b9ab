import type { PresenceState } from '@studio/shared/presence';
import type { EventBus } from '../../events/bus';
import type { Clock } from '../../lib/clock';
import { PRESENCE_CHANNEL, type PresenceReport } from './presence-report';

/** An unchanged state is put on the bus at most once in this window per staff member and ticket. */
export const PRESENCE_COALESCE_MS = 5_000;
/** How often held reports are looked at; also how late a held one may leave. */
const TICK_MS = 1_000;

interface Recent {
  state: PresenceState;
  sentAt: number;
  /** The latest call of a burst, waiting for its window to pass. */
  held: PresenceReport | null;
}

/**
 * Puts presence calls on the bus, cheaply under a flood: a call that changes
 * nothing but the lapse (same state again within PRESENCE_COALESCE_MS) is held
 * and only the last of a burst leaves when the window has passed, carrying its
 * own time, so the state still lapses exactly 30 s after the last call. A
 * changed state leaves at once. Nothing is written to the database. What is
 * kept here lives one window after its last call.
 */
export class PresenceReporter {
  private readonly recent = new Map<string, Recent>();
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly onPublishFailed: (error: unknown) => void = () => {},
  ) {}

  report(input: Omit<PresenceReport, 'at'>) {
    const now = this.clock.now().getTime();
    const key = `${input.ticketId}:${input.userId}`;
    const report: PresenceReport = { ...input, at: now };
    const last = this.recent.get(key);
    if (last && last.state === input.state && now - last.sentAt < PRESENCE_COALESCE_MS) {
      last.held = report;
      return;
    }
    this.recent.set(key, { state: input.state, sentAt: now, held: null });
    this.startTicker();
    this.publish(report);
  }

  stop() {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.recent.clear();
  }

  private tick() {
    const now = this.clock.now().getTime();
    for (const [key, recent] of [...this.recent]) {
      if (now - recent.sentAt < PRESENCE_COALESCE_MS) continue;
      if (recent.held) {
        this.publish(recent.held);
        this.recent.set(key, { state: recent.state, sentAt: now, held: null });
      } else {
        this.recent.delete(key);
      }
    }
    if (this.recent.size === 0) this.stop();
  }

  private startTicker() {
    if (this.ticker) return;
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  private publish(report: PresenceReport) {
    // With Redis down the report is lost; the open ticket reports again within 20 s.
    this.bus.publish(PRESENCE_CHANNEL, report).catch(this.onPublishFailed);
  }
}
