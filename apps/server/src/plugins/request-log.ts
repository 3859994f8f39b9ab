import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** Query values can be secrets (the reset page's token): logs keep only their names. */
export function redactUrl(url: string): string {
  const [pathname, query] = url.split('?');
  if (!query) return url;
  const keys = query.split('&').map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${pathname}?${keys.join('&')}`;
}

/** The one flat log line per request; its `reqId` is the answer's x-request-id. */
export function logRequestCompleted(request: FastifyRequest, reply: FastifyReply) {
  // Flat fields: a nested request object cost twice as much to log (redaction walks it).
  request.log.info(
    {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    },
    'request completed',
  );
}

/**
 * What Fastify refuses before routing (a path whose %-escapes do not decode, an
 * over-long parameter) skips every hook, so this does what the hooks would: the
 * request id, the log line, and our `{error}` shape instead of Fastify's own body.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 500;
  reply.raw.setHeader('x-request-id', request.id);
  reply.code(status).send({ error: status >= 500 ? 'internal' : 'validation_failed' });
  logRequestCompleted(request, reply);
}
