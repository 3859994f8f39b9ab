import type { ErrorCode } from '@studio/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError } from '../lib/errors';

/** Fastify's own client errors, mapped to our codes. */
function codeForFastifyError(error: FastifyError): { status: number; code: ErrorCode } | null {
  const status = error.statusCode ?? 500;
  if (status >= 500) return null;
  if (status === 415) return { status, code: 'unsupported_media_type' };
  if (status === 413) return { status, code: 'file_too_large' };
  if (status === 429) return { status, code: 'rate_limited' };
  if (status === 404) return { status, code: 'not_found' };
  return { status, code: 'validation_failed' };
}

/** One error handler: logs everything, answers `{error}`, never a stack trace. */
export function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds)
        reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: error.code, status: error.statusCode }, 'request refused');
      return reply.code(error.statusCode).send({
        error: error.code,
        ...(error.extra.details ? { details: error.extra.details } : {}),
      });
    }
    const mapped = codeForFastifyError(error);
    if (mapped) {
      request.log.info({ code: mapped.code, reason: error.code }, 'request refused');
      return reply.code(mapped.status).send({ error: mapped.code });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: say so, and when to try again, instead of a bare 500.
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ error: 'service_unavailable' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: 'internal' });
  });
}
