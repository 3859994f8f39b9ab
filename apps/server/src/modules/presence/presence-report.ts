import type { PresenceState } from '@studio/shared/presence';

/** Bus channel of presence reports; every instance keeps its own board from them. */
export const PRESENCE_CHANNEL = 'presence';

/**
 * What travels on the bus for one call (or for the last of a burst, see
 * PresenceReporter). `at` is when the call was made, in ms: the state lapses
 * PRESENCE_LAPSE_MS after it on every instance alike.
 */
export interface PresenceReport {
  ticketId: number;
  userId: number;
  username: string;
  state: PresenceState;
  at: number;
}

/** A bus payload is JSON from another process: checked before it touches a board. */
export function isPresenceReport(value: unknown): value is PresenceReport {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    Number.isInteger(r.ticketId) &&
    Number.isInteger(r.userId) &&
    typeof r.username === 'string' &&
    (r.state === 'viewing' || r.state === 'typing' || r.state === 'left') &&
    typeof r.at === 'number' &&
    Number.isFinite(r.at)
  );
}
