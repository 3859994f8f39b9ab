import { count } from 'drizzle-orm';
import type * as PromClient from 'prom-client';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/index';
import { requireLater } from '../lib/require-later';

/** Loaded only when METRICS_PORT is set (a Metrics object exists only then). */
const promClient = requireLater<typeof PromClient>('prom-client');

/** What a pg pool tells about itself; PGlite has no pool and reports nothing. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export type JobFailure = 'retry' | 'dropped';

/**
 * The instance's Prometheus metrics (names: docs/operations.md, "Metrics"). One
 * registry per app, not prom-client's global one, so several apps in one process
 * (tests) never share or double-register series.
 *
 * The e-mail channel (inbound mail) does not exist yet, so there is no inbound
 * mail lag metric: it comes with the channel, rather than a series that is always 0.
 */
export class Metrics {
  private readonly prom = promClient();
  readonly registry = new this.prom.Registry();

  private readonly requestDuration = new this.prom.Histogram({
    name: 'studio_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (never the raw URL) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    // Uploads of up to 8 MiB on slow links take seconds; the top buckets show them.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  private readonly mailsSent = new this.prom.Counter({
    name: 'studio_mails_sent_total',
    help: 'E-mails the mail transport accepted.',
    registers: [this.registry],
  });

  private readonly mailsFailed = new this.prom.Counter({
    name: 'studio_mails_failed_total',
    help: 'E-mails the mail transport refused or could not take.',
    registers: [this.registry],
  });

  private readonly jobFailures = new this.prom.Counter({
    name: 'studio_outbox_job_failures_total',
    help: 'Outbox jobs that failed: retried later, or dropped after the last attempt.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly pushDeliveries = new this.prom.Counter({
    name: 'studio_push_deliveries_total',
    help: 'Web Push deliveries: accepted by the push service (sent), failed and retried later (failed), or subscription removed on 404/410 (removed).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly backupFailures = new this.prom.Counter({
    name: 'studio_backup_failures_total',
    help: 'Online backups (scheduled or asked for by npm run backup) that failed or failed their verification.',
    registers: [this.registry],
  });

  private readonly backupLastSuccess = new this.prom.Gauge({
    name: 'studio_backup_last_success_timestamp_seconds',
    help: 'When the last verified online backup started (Unix time); 0 until the first one.',
    registers: [this.registry],
  });

  constructor() {
    this.prom.collectDefaultMetrics({ register: this.registry });
    // Both outcomes exist from the start, so rate() and alerts see 0 rather than no data.
    this.jobFailures.inc({ outcome: 'retry' }, 0);
    this.jobFailures.inc({ outcome: 'dropped' }, 0);
    for (const outcome of ['sent', 'failed', 'removed'] as const) {
      this.pushDeliveries.inc({ outcome }, 0);
    }
  }

  observeRequest(labels: { method: string; route: string; status: number }, seconds: number) {
    this.requestDuration.observe({ ...labels, status: String(labels.status) }, seconds);
  }

  mailSent() {
    this.mailsSent.inc();
  }

  mailFailed() {
    this.mailsFailed.inc();
  }

  jobFailed(outcome: JobFailure) {
    this.jobFailures.inc({ outcome });
  }

  pushDelivery(outcome: 'sent' | 'failed' | 'removed') {
    this.pushDeliveries.inc({ outcome });
  }

  backupFailed() {
    this.backupFailures.inc();
  }

  backupSucceeded(startedAt: Date) {
    this.backupLastSuccess.set(startedAt.getTime() / 1000);
  }

  /** Open live streams are read from the stream hub at scrape time. */
  watchOpenStreams(read: () => number) {
    new this.prom.Gauge({
      name: 'studio_stream_connections_open',
      help: 'Live event streams (SSE) open on this instance.',
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** Jobs in the outbox table, whether due or scheduled for later; counted at scrape time. */
  watchOutbox(db: Db) {
    new this.prom.Gauge({
      name: 'studio_outbox_jobs_waiting',
      help: 'Outbox jobs (notification e-mails) not done yet, due or scheduled.',
      registers: [this.registry],
      async collect() {
        // While the database is unreachable the last value stays; the scrape still answers.
        const [row] = await db
          .select({ waiting: count() })
          .from(jobs)
          .catch(() => []);
        if (row) this.set(row.waiting);
      },
    });
  }

  /** PostgreSQL only: the embedded database is one in-process connection, not a pool. */
  watchPool(pool: PoolStats) {
    new this.prom.Gauge({
      name: 'studio_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and callers waiting for one.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
}
