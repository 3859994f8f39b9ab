import type { CachedSession, SessionCacheStore } from '../../deps';
import { type SessionEvent, sessionEventNames } from '../../events/bus';

export type { CachedSession };

/**
 * How long a session found in the database is trusted without asking again.
 * Every call needs its session, and a database read per call was most of the
 * cost of `GET /api/auth/me`. Ending a session (logout, password reset,
 * account deletion) and changing a user drop entries at once, on this instance
 * directly and on the others through the bus; the lifetime only bounds what a
 * change made elsewhere without an event (the admin command) takes to show.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

/** Sessions by token hash, as last read from the database. */
export class SessionCache implements SessionCacheStore {
  private readonly entries = new Map<string, { session: CachedSession; readAt: number }>();
  /**
   * Counts forget() calls. A read that was already on its way to the database
   * when an event arrived may carry the session as it was before the event:
   * set() drops it when the count moved since the read began.
   */
  private forgets = 0;

  /** Taken before reading a session from the database, and handed to set(). */
  get generation(): number {
    return this.forgets;
  }

  get(tokenHash: string, now: number): CachedSession | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (now - entry.readAt > SESSION_CACHE_TTL_MS || now < entry.readAt) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.session;
  }

  set(tokenHash: string, session: CachedSession, now: number, readGeneration: number) {
    if (readGeneration !== this.forgets) return;
    // Map keeps insertion order, so the first key is the oldest read.
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(tokenHash)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { session, readAt: now });
  }

  /** Applies a session event: what it names is read from the database next time. */
  forget(event: SessionEvent) {
    this.forgets++;
    for (const [hash, { session }] of this.entries) {
      if (sessionEventNames(event, { sessionId: session.sessionId, userId: session.user.id })) {
        this.entries.delete(hash);
      }
    }
  }
}
