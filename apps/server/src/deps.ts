import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { EventBus } from './events/bus';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limiter';
import type { Mailer } from './mail/transport';
import type { SessionCache } from './modules/auth/session-cache';

/** Shared resources every service receives; decorated onto the app as `deps`. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  bus: EventBus;
  sessionCache: SessionCache;
}

// The type lives beside the function that builds it; re-exported for existing importers.
export type { RequestMeta } from './lib/request-meta';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
