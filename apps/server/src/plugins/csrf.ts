import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing call must come from our own origin. Browsers send
 * Origin on such requests; where one does not, Sec-Fetch-Site must say
 * same-origin. A request with neither is refused too: our client always has one.
 */
export function csrfProtection(app: FastifyInstance) {
  const { publicOrigin } = app.deps.config;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // Only the one-click unsubscribe link (RFC 8058): mail servers post it, and a signed token authorises it.
    if (request.routeOptions.config.csrfExempt === true) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== publicOrigin) throw new AppError(403, 'forbidden');
      return;
    }
    if (request.headers['sec-fetch-site'] !== 'same-origin') throw new AppError(403, 'forbidden');
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Skip the origin check: only for a route a signed token in the URL authorises. */
    csrfExempt?: boolean;
  }
}
