import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import type pino from 'pino';
import type { Config } from './config';
import { fastifyTrustProxy } from './config-trust-proxy';
import { type Database, openDatabase } from './db/client';
import { setUpEmbeddedAutovacuum } from './db/embedded-autovacuum';
import { users } from './db/schema/index';
import type { AppDeps } from './deps';
import { type EventBus, MemoryEventBus, SESSION_CHANNEL, type SessionEvent } from './events/bus';
import { RedisEventBus } from './events/redis-bus';
import { BackgroundWork } from './lib/background-work';
import { type Clock, systemClock } from './lib/clock';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { connectRedis } from './lib/redis-client';
import { RedisRateLimiter } from './lib/redis-rate-limiter';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/transport';
import { countMails } from './metrics/count-mails';
import { Metrics } from './metrics/metrics';
import { type MetricsServer, startMetricsServer } from './metrics/metrics-server';
import { observeRequest, observeRequests } from './metrics/observe-requests';
import { accountRoutes } from './modules/account/index';
import { accountLockRoutes } from './modules/account-lock/index';
import { authRoutes, SessionCache } from './modules/auth/index';
import { setUpBackups } from './modules/backups/index';
import { setUpBusinessHours } from './modules/business-hours/index';
import { devOutboxRoutes } from './modules/dev-outbox/index';
import { fileRoutes } from './modules/files/index';
import { mailboxRoutes, setUpInboundMail, type WatcherOptions } from './modules/inbound-mail/index';
import { inquiryRoutes } from './modules/inquiries/index';
import { JobRunner, notificationRoutes } from './modules/notifications/index';
import { passkeyRoutes } from './modules/passkeys/index';
import { presenceRoutes } from './modules/presence/index';
import { profileRoutes } from './modules/profile/index';
import { setUpPush } from './modules/push/index';
import {
  createRetentionService,
  type RetentionService,
  startRetentionSchedule,
} from './modules/retention/index';
import { setUpSearch } from './modules/search/index';
import { staffRoutes } from './modules/staff/index';
import {
  firstAdminHint,
  RED_LINES_JOB,
  recordMailOutcomes,
  sendRedLinesMail,
  startRedLinesSchedule,
  statusRoutes,
} from './modules/status/index';
import { streamRoutes } from './modules/stream/index';
import { TICKETS_CHANNEL, ticketRoutes } from './modules/tickets/index';
import { recordApiRoutes } from './openapi/registered-routes';
import { openApiRoutes } from './openapi/routes';
import { csrfProtection } from './plugins/csrf';
import { errorHandler } from './plugins/error-handler';
import { answerFrameworkError, logRequestCompleted, redactUrl } from './plugins/request-log';
import { securityHeaders } from './plugins/security-headers';
import { webApp } from './plugins/web-app';
import { createStorage } from './storage/create-storage';

export interface BuildOptions {
  config: Config;
  /** Tests pass a shared database; otherwise one is opened from the config. */
  database?: Database;
  clock?: Clock;
  mailer?: Mailer;
  limiter?: RateLimiter;
  bus?: EventBus;
  logger?: FastifyServerOptions['logger'];
  /** A ready logger (tests capture log lines with one); wins over `logger`. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** The daily retention run; on by default except in tests, which call it directly. */
  scheduleRetention?: boolean;
  /** The daily red-line mail to admins; on by default except in tests, which call it directly. */
  scheduleRedLines?: boolean;
  /** The IMAP watcher's timings and test hooks (only used with IMAP_URL). */
  mailWatcher?: WatcherOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    retention: RetentionService;
    /** The /metrics listener on METRICS_PORT; null when METRICS_PORT is unset. */
    metricsServer: MetricsServer | null;
  }
}

export function loggerOptions(config: Config): pino.LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.code', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const metrics = config.metricsPort === undefined ? null : new Metrics();
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(config) }),
    // One line per request, written when it is answered (onResponse below), not two.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count or the proxies' addresses, never `true` (config-trust-proxy.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Without these a client that stalls or trickles its body holds a socket and its
    // upload buffers forever (finding 27). Defaults and reasons: docs/operations.md.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http2: false,
    http: {
      requestTimeout: config.timeouts.requestMs,
      headersTimeout: config.timeouts.headersMs,
      // Node checks the request and headers deadlines on this interval (30 s by default,
      // which would let a slow-headers client live twice as long as headersTimeout).
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, config.timeouts.headersMs / 4)),
    },
    // Request ids are generated, never taken from a client header.
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: (error, request, reply) => {
      answerFrameworkError(error, request, reply);
      if (metrics) observeRequest(metrics, request, reply);
    },
    // A request that reaches a kept-alive connection just after SIGTERM is still answered
    // (the database stays open until every connection has ended) rather than refused with
    // Fastify's own 503 body, which is not our `{error}` shape.
    return503OnClosing: false,
  });

  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = !options.database;
  const clock = options.clock ?? systemClock;
  const bus =
    options.bus ?? (config.redisUrl ? new RedisEventBus(config.redisUrl) : new MemoryEventBus());
  const transport =
    options.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), app.log));
  const counted = metrics ? countMails(transport, metrics) : transport;
  // Every sender's outcome, for the `mail_out` line of „Stan systemu”.
  const mailer = recordMailOutcomes(counted, { db: database.db, clock, log: app.log });

  // With REDIS_URL the counters are shared by every instance (one connection, closed with the app).
  let limiterRedis: Redis | undefined;
  const createLimiter = (): RateLimiter => {
    if (!config.redisUrl) return new MemoryRateLimiter(clock);
    limiterRedis = connectRedis(config.redisUrl, {
      // Fail fast while Redis is down, so the limiter's in-memory fallback answers at once.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    limiterRedis.on('error', () => {});
    return new RedisRateLimiter(limiterRedis, clock, app.log);
  };

  const sessionCache = new SessionCache();
  const stopForgetting = await bus.subscribe(SESSION_CHANNEL, (payload) =>
    sessionCache.forget(payload as SessionEvent),
  );
  const deps: AppDeps = {
    config,
    db: database.db,
    clock,
    mailer,
    limiter: options.limiter ?? createLimiter(),
    log: app.log,
    bus,
    sessionCache,
    background: new BackgroundWork(),
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    // Before the mailer and database close: the work it waits for uses them.
    await deps.background.drain();
    await stopForgetting();
    mailer.close();
    limiterRedis?.disconnect();
    if (!options.bus) await bus.close();
    if (ownsDatabase) await database.close();
  });

  if (config.adminEmails.length) {
    // ADMIN_EMAILS is the source of truth for those addresses at every start, for
    // accounts whose address was proven: a guest made from an address staff typed
    // in for a caller (unverified) never becomes an admin by it.
    await database.db
      .update(users)
      .set({ isAdmin: true })
      .where(
        and(
          inArray(sql`lower(${users.email})`, config.adminEmails),
          isNotNull(users.emailVerifiedAt),
        ),
      );
  }
  if (config.env !== 'test') {
    const hint = await firstAdminHint(database.db, config.adminEmails);
    if (hint) app.log.warn(hint);
  }

  // Every answer names its request id, the `reqId` of its log line, so a report can be
  // matched to the log. On the raw response, so hijacked answers (live streams) carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    logRequestCompleted(request, reply);
    done();
  });
  if (metrics) {
    observeRequests(app, metrics);
    metrics.watchOutbox(database.db);
    if (database.pool) metrics.watchPool(database.pool);
  }

  // JSON calls accept only application/json; a form post or text/plain is 415.
  app.removeContentTypeParser(['text/plain']);

  // Called, not registered: these must apply to the whole app, not an encapsulated child.
  recordApiRoutes(app);
  errorHandler(app);
  securityHeaders(app);
  await app.register(fastifyCookie);
  csrfProtection(app);

  app.get('/api/health', async (_request, reply) => {
    try {
      await database.ping();
      // Anonymous callers (load balancers, monitoring) need only up or down; which
      // database runs behind it is not theirs to know (security review, finding 34).
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ error: 'service_unavailable' });
    }
  });

  await app.register(openApiRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(passkeyRoutes);
  await app.register(accountLockRoutes);
  // Tickets, their files, live streams and e-mail notifications share one storage.
  const storage = createStorage(config, clock);
  const swept = await storage.sweep(database.db);
  if (swept) app.log.warn({ count: swept }, 'removed stored files no attachment refers to');
  const jobs = new JobRunner(deps);
  app.decorate('jobs', jobs);
  if (metrics) jobs.onJobFailed = (outcome) => metrics.jobFailed(outcome);
  await app.register(ticketRoutes, { storage });
  await app.register(fileRoutes, { storage });
  await app.register(streamRoutes, {
    storage,
    watchOpenStreams: metrics ? (read) => metrics.watchOpenStreams(read) : undefined,
  });
  await app.register(presenceRoutes, { storage });
  await app.register(notificationRoutes, { jobs });
  await setUpPush(app, { jobs, metrics, ticketsChannel: TICKETS_CHANNEL });
  await app.register(accountRoutes, { storage });
  await app.register(staffRoutes);
  await setUpBusinessHours(app);
  setUpInboundMail(app, storage, options.mailWatcher);
  setUpSearch(app, deps.db);
  await app.register(mailboxRoutes);
  await app.register(inquiryRoutes, { storage });
  jobs.handle(RED_LINES_JOB, (payload) => sendRedLinesMail(deps, payload));
  await app.register(statusRoutes);
  if (options.scheduleRedLines ?? config.env !== 'test') {
    const stopRedLines = startRedLinesSchedule(app);
    app.addHook('onClose', async () => stopRedLines());
  }
  await setUpBackups(app, { database, storage, metrics });
  setUpEmbeddedAutovacuum(app, database);
  const retention = createRetentionService(deps, storage);
  app.decorate('retention', retention);
  if (options.scheduleRetention ?? config.env !== 'test') {
    const stopRetention = startRetentionSchedule(retention, app.log);
    app.addHook('onClose', async () => stopRetention());
  }
  // Unset NODE_ENV means development (so `npm start` works out of the box); the outbox
  // then answers loopback clients only (dev-outbox/routes.ts), whatever HOST is.
  if (config.env === 'development') await app.register(devOutboxRoutes, { inbound: app.inbound });
  await app.register(webApp);
  app.decorate('metricsServer', metrics ? await serveMetrics(app, metrics, config) : null);
  return app;
}

/** Listens on METRICS_PORT now; a port that is taken fails the start, as PORT does. */
async function serveMetrics(app: FastifyInstance, metrics: Metrics, config: Config) {
  const server = await startMetricsServer(metrics, {
    host: config.host,
    port: config.metricsPort ?? 0,
  }).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  app.addHook('onClose', () => server.close());
  return server;
}
