import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { UserRow } from './db/types';
import type { EventBus, SessionEvent } from './events/bus';
import type { BackgroundWork } from './lib/background-work';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limiter';
import type { Mailer } from './mail/transport';

/** Shared resources every service receives; decorated onto the app as `deps`. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  bus: EventBus;
  sessionCache: SessionCacheStore;
  /** Work answered before it finished; the app waits for it on close. */
  background: BackgroundWork;
}

export interface CachedSession {
  sessionId: number;
  user: UserRow;
  isPersistent: boolean;
  /** The login; a session ends a fixed time after it however it is used. */
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  /** The last sign-in or confirmed password in this session (DESIGN.md §7.7); null: never. */
  confirmedAt: Date | null;
}

/**
 * What services need of the session cache. Only its shape is named here: the
 * implementation (`modules/auth/session-cache.ts`) uses the auth module's
 * session code, which itself takes `AppDeps`, so importing it would make a cycle.
 */
export interface SessionCacheStore {
  /** Taken before reading a session from the database, and handed to set(). */
  readonly generation: number;
  get(tokenHash: string, now: number): CachedSession | null;
  set(tokenHash: string, session: CachedSession, now: number, readGeneration: number): void;
  /** Applies a session event: what it names is read from the database next time. */
  forget(event: SessionEvent): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
