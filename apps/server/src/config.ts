import path from 'node:path';
import { type StudioDetails, studioDetailsFromEnv } from '@studio/shared/studio-details';
import { z } from 'zod';
import { type CodeSecretSource, codeSecretSource } from './config-code-secret';
import { checkProductionSafety } from './config-production';
import { parseTrustProxy, type TrustProxy } from './config-trust-proxy';

/** Fine for the dev outbox; production refuses it (no one can answer or verify it). */
const DEFAULT_MAIL_FROM = 'Studio <no-reply@localhost>';

/**
 * The only module that reads the environment (DESIGN.md §4). Every other module
 * receives a typed Config, so tests can build one without touching process.env.
 */
const seconds = (fallback: number) => z.coerce.number().positive().max(3600).default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
  ADMIN_EMAILS: z.string().optional(),
  STORAGE: z.enum(['local', 'database']).default('local'),
  TRUST_PROXY: z.string().optional(),
  ALLOW_INSECURE_HTTP: z.enum(['0', '1']).default('0'),
  // Web Push to http://127.0.0.1 / localhost: tests on one machine only (DESIGN §4, §7.11).
  PUSH_ALLOW_LOOPBACK: z.enum(['0', '1']).default('0'),
  // Seconds; fractions are allowed so tests can use short ones. docs/operations.md explains the defaults.
  REQUEST_TIMEOUT_SECONDS: seconds(300),
  HEADERS_TIMEOUT_SECONDS: seconds(30),
  IDLE_TIMEOUT_SECONDS: seconds(60),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72),
  // Live streams (docs/operations.md): each holds a socket and a response for as long as it is open.
  STREAMS_MAX_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  STREAMS_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
  STREAM_STALL_TIMEOUT_SECONDS: seconds(60),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WEB_DIR: z.string().optional(),
  RETENTION_SECURITY_LOG_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  RETENTION_TICKET_MONTHS: z.coerce.number().int().min(1).max(240).default(24),
  ADDRESS_MAIL_RECIPIENTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  // Multiplies every per-address failure budget; only test runs from one address raise it.
  ADDRESS_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  // Finding 7: bytes of attachments each user may keep (MiB), and uploads one instance reads at once.
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(1024),
  UPLOADS_IN_FLIGHT_MAX: z.coerce.number().int().min(1).max(1000).default(16),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  CODE_SECRET: z.string().optional(),
  // The e-mail channel (DESIGN §4, §7.1, docs/email.md).
  IMAP_URL: z
    .string()
    .regex(/^imaps?:\/\//, 'must start with imap:// or imaps://')
    .optional(),
  MAIL_REPLY_TO: z.email().optional(),
  NOTIFY_DELAY_SECONDS: z.coerce.number().min(0).max(86_400).default(120),
  // The receiving server whose Authentication-Results a new mail must pass (DESIGN §4, §7.1).
  MAIL_AUTHSERV_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a host name such as mx.google.com')
    .optional(),
  // How long a sign-in or a confirmed password lets a session change how it signs in (§7.7).
  REAUTH_WINDOW_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  // Online backups of the embedded mode (DESIGN §4, modules/backups): both or neither.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_HOUR: z.coerce
    .number()
    .int('must be a whole hour from 0 to 23')
    .min(0, 'must be a whole hour from 0 to 23')
    .max(23, 'must be a whole hour from 0 to 23')
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  /** Prometheus text at /metrics on this port (bound to `host`); undefined: no metrics. */
  metricsPort: number | undefined;
  publicUrl: string;
  /** Origin of publicUrl; state-changing requests must come from it. */
  publicOrigin: string;
  isHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  storage: 'local' | 'database';
  /** false, a hop count, or the proxies' addresses/CIDRs; never "trust everyone". */
  trustProxy: TrustProxy;
  timeouts: {
    /** The whole request, body included, must arrive within this (slow 8 MiB uploads included). */
    requestMs: number;
    /** The request line and headers must arrive within this (slow-headers attacks). */
    headersMs: number;
    /** A connection that sends and receives nothing for this long is closed (stalled bodies). */
    idleMs: number;
    /** How long an idle kept-alive connection waits for its next request. */
    keepAliveMs: number;
  };
  streams: {
    /** Open streams this process holds at most; beyond it 503 (file descriptors, memory). */
    maxTotal: number;
    /** Open streams of one user on this process, across all their sessions; beyond it 429. */
    maxPerUser: number;
    /** A client that has not taken what was written (no `drain`) for this long is disconnected. */
    stallTimeoutMs: number;
  };
  env: 'development' | 'production' | 'test';
  webDir: string;
  logLevel: string;
  /** The privacy policy's periods: security log 12 months, communication 24 months. */
  retentionSecurityLogMonths: number;
  retentionTicketMonths: number;
  /**
   * Different e-mail addresses one client address may name per hour in registrations and
   * reset requests (finding 6); raised only for test runs that register many accounts.
   */
  addressMailRecipientsPerHour: number;
  /** Multiplies the per-address failure budgets (login, codes, reset); 1 in production. */
  addressLimitFactor: number;
  /** Where the key of the stored e-mail codes comes from (config-code-secret.ts). */
  codeSecret: CodeSecretSource;
  /** Attachment bytes (thumbnails included) one user's uploads may take in total. */
  storageQuotaBytes: number;
  /** Uploads this instance holds in memory at once, all users together (per user: 2). */
  uploadsInFlightMax: number;
  /** The support mailbox whose mails become ticket messages; undefined: no inbound mail. */
  imapUrl: string | undefined;
  /** The address of that mailbox, the `Reply-To` of ticket e-mails. */
  mailReplyTo: string | undefined;
  /** How long a ticket e-mail waits, to group messages and skip what was read meanwhile. */
  notifyDelayMs: number;
  /**
   * The authserv-id of the server receiving the support mailbox's mail; set, a
   * new mail opens a ticket only when its Authentication-Results pass DMARC
   * (or an aligned DKIM). Undefined: mail-borne messages are marked unverified.
   */
  mailAuthservId: string | undefined;
  /** How long a sign-in or a confirmed password lets this session add or remove a way to sign in. */
  reauthWindowMs: number;
  /**
   * The studio's legal details (`STUDIO_*`, DESIGN §7.10), written into every
   * page served (plugins/page-html.ts); outside production an unset one is its
   * marked placeholder.
   */
  studio: StudioDetails;
  /**
   * Where and when (the hour, Europe/Warsaw) the running server writes its
   * daily verified backup of the embedded database and uploads; undefined: no
   * scheduled backups (`npm run backup` still works).
   */
  backup: { dir: string; hour: number } | undefined;
  /**
   * PUSH_ALLOW_LOOPBACK=1: Web Push endpoints may also be `http://` on a
   * loopback host (a test's local push service); otherwise only `https://`
   * on public hosts, and only public addresses are connected to.
   */
  pushAllowLoopback: boolean;
}

export class ConfigError extends Error {}

const defaultWebDir = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../web/build/client',
);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'bad value'}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const url = new URL(publicUrl);
  if (e.NODE_ENV === 'production') {
    const problem = checkProductionSafety({
      smtpUrl: e.SMTP_URL,
      publicUrl: url,
      publicUrlSet: e.PUBLIC_URL !== undefined,
      host: e.HOST,
      allowInsecureHttp: e.ALLOW_INSECURE_HTTP === '1',
      mailFrom: e.MAIL_FROM,
    });
    if (problem) throw new ConfigError(problem);
  }
  // Checked in every environment: a value that is set must be right, even in development.
  const studio = studioDetailsFromEnv(cleaned, e.NODE_ENV === 'production');
  if ('problem' in studio) throw new ConfigError(studio.problem);
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS',
    );
  }
  // One port cannot serve both: /metrics must never be reachable on the public port.
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid METRICS_PORT: must differ from PORT');
  }
  // Replies must reach the watched mailbox, or they vanish into MAIL_FROM's no-reply void.
  if (e.IMAP_URL !== undefined && e.MAIL_REPLY_TO === undefined) {
    throw new ConfigError('Invalid MAIL_REPLY_TO: required when IMAP_URL is set');
  }
  const backup = backupSchedule(e);
  if (typeof backup === 'string') throw new ConfigError(backup);
  const dataDir = path.resolve(e.DATA_DIR);
  const codeSecret = codeSecretSource({
    codeSecret: e.CODE_SECRET,
    env: e.NODE_ENV,
    dataDir,
    databaseUrl: e.DATABASE_URL,
  });
  if (typeof codeSecret === 'string') throw new ConfigError(codeSecret);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new ConfigError(`Invalid TRUST_PROXY: ${trustProxy}`);
  return {
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    publicUrl,
    publicOrigin: url.origin,
    isHttps: url.protocol === 'https:',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    storage: e.STORAGE,
    trustProxy: trustProxy.value,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      idleMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    streams: {
      maxTotal: e.STREAMS_MAX_TOTAL,
      maxPerUser: e.STREAMS_MAX_PER_USER,
      stallTimeoutMs: e.STREAM_STALL_TIMEOUT_SECONDS * 1000,
    },
    env: e.NODE_ENV,
    webDir: path.resolve(e.WEB_DIR ?? defaultWebDir),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    retentionSecurityLogMonths: e.RETENTION_SECURITY_LOG_MONTHS,
    retentionTicketMonths: e.RETENTION_TICKET_MONTHS,
    addressMailRecipientsPerHour: e.ADDRESS_MAIL_RECIPIENTS_PER_HOUR,
    addressLimitFactor: e.ADDRESS_LIMIT_FACTOR,
    codeSecret,
    storageQuotaBytes: e.STORAGE_QUOTA_MB * 1024 * 1024,
    uploadsInFlightMax: e.UPLOADS_IN_FLIGHT_MAX,
    imapUrl: e.IMAP_URL,
    mailReplyTo: e.MAIL_REPLY_TO,
    notifyDelayMs: e.NOTIFY_DELAY_SECONDS * 1000,
    mailAuthservId: e.MAIL_AUTHSERV_ID?.toLowerCase(),
    reauthWindowMs: e.REAUTH_WINDOW_SECONDS * 1000,
    studio: studio.details,
    backup,
    pushAllowLoopback: e.PUSH_ALLOW_LOOPBACK === '1',
  };
}

/** BACKUP_DIR and BACKUP_HOUR go together, and only with the embedded database. */
function backupSchedule(e: z.infer<typeof EnvSchema>): Config['backup'] | string {
  if (e.BACKUP_DIR === undefined && e.BACKUP_HOUR === undefined) return undefined;
  if (e.BACKUP_DIR === undefined) return 'Invalid BACKUP_DIR: required when BACKUP_HOUR is set';
  if (e.BACKUP_HOUR === undefined) return 'Invalid BACKUP_HOUR: required when BACKUP_DIR is set';
  if (e.DATABASE_URL !== undefined) {
    return 'Invalid BACKUP_DIR: the server backs up only the embedded database; with DATABASE_URL back up PostgreSQL itself (pg_dump, docs/operations.md)';
  }
  return { dir: path.resolve(e.BACKUP_DIR), hour: e.BACKUP_HOUR };
}
