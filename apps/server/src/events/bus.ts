/**
 * Publish/subscribe between the parts of the server, and between instances
 * when a shared implementation (Redis) is configured. Payloads are JSON.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Returns a function that stops the subscription. */
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Channel on which session ends are announced, so live streams close and
 * cached sessions are read again; a changed user (name, 2FA) is announced too.
 */
export const SESSION_CHANNEL = 'sessions';
export type SessionEvent =
  | { type: 'session-ended'; sessionId: number }
  | { type: 'user-sessions-ended'; userId: number }
  | { type: 'user-changed'; userId: number };

/** Whether an event is about this session: by its id, or by its user's. */
export function sessionEventNames(
  event: SessionEvent,
  session: { sessionId: number; userId: number },
): boolean {
  return event.type === 'session-ended'
    ? session.sessionId === event.sessionId
    : session.userId === event.userId;
}

export class MemoryEventBus implements EventBus {
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();

  async publish(channel: string, payload: unknown): Promise<void> {
    // A JSON round trip keeps the in-process bus as strict as Redis.
    const copy = JSON.parse(JSON.stringify(payload));
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(copy);
      } catch {
        // One faulty subscriber must not stop delivery to the others.
      }
    }
  }

  async subscribe(channel: string, handler: (payload: unknown) => void) {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
