import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics';

/**
 * Request durations by route pattern: `/api/tickets/:id`, never `/api/tickets/17`,
 * so no client can create new series by inventing URLs. Answers that matched no
 * route (the web app's pages, unknown paths) share the label `unmatched`.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(metrics, request, reply);
    done();
  });
}

export function observeRequest(metrics: Metrics, request: FastifyRequest, reply: FastifyReply) {
  metrics.observeRequest(
    {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
    },
    reply.elapsedTime / 1000,
  );
}
