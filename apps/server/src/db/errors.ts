/** True when PostgreSQL (or PGlite) refused a row for breaking a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Connection-level failures: the database is down or restarting, not the query wrong. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** True when the error (or what it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (e.message && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (Array.isArray((e as { errors?: unknown[] }).errors)) {
      // AggregateError from a connect() to several addresses (IPv4 and IPv6).
      if ((e as { errors: unknown[] }).errors.some(isDatabaseUnavailable)) return true;
    }
  }
  return false;
}
