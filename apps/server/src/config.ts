import path from 'node:path';
import { z } from 'zod';

/**
 * The only module that reads the environment (DESIGN.md §4). Every other module
 * receives a typed Config, so tests can build one without touching process.env.
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
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
  MAIL_FROM: z.string().min(3).default('Studio <no-reply@localhost>'),
  ADMIN_EMAILS: z.string().optional(),
  STORAGE: z.enum(['local', 'database']).default('local'),
  TRUST_PROXY: z
    .enum(['1', 'true', '0', 'false', ''])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WEB_DIR: z.string().optional(),
  RETENTION_SECURITY_LOG_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  RETENTION_TICKET_MONTHS: z.coerce.number().int().min(1).max(240).default(24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

export interface Config {
  port: number;
  host: string;
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
  trustProxy: boolean;
  env: 'development' | 'production' | 'test';
  webDir: string;
  logLevel: string;
  /** The privacy policy's periods: security log 12 months, communication 24 months. */
  retentionSecurityLogMonths: number;
  retentionTicketMonths: number;
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
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError('Invalid SMTP_URL: required when NODE_ENV=production');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const url = new URL(publicUrl);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicOrigin: url.origin,
    isHttps: url.protocol === 'https:',
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    storage: e.STORAGE,
    trustProxy: e.TRUST_PROXY,
    env: e.NODE_ENV,
    webDir: path.resolve(e.WEB_DIR ?? defaultWebDir),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    retentionSecurityLogMonths: e.RETENTION_SECURITY_LOG_MONTHS,
    retentionTicketMonths: e.RETENTION_TICKET_MONTHS,
  };
}
