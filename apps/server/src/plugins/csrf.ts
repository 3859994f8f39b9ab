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
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== publicOrigin) throw new AppError(403, 'forbidden');
      return;
    }
    if (request.headers['sec-fetch-site'] !== 'same-origin') throw new AppError(403, 'forbidden');
  });
}
