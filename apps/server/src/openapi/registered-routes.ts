import type { FastifyInstance } from 'fastify';

/** A call the app answers, with the path written as the document writes it (`{id}`). */
export interface RegisteredRoute {
  method: string;
  path: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under /api/, filled as plugins register them. */
    apiRoutes: readonly RegisteredRoute[];
  }
}

export const toDocumentPath = (fastifyUrl: string) => fastifyUrl.replace(/:(\w+)/g, '{$1}');

/**
 * Records the /api/ routes as they are registered, so the document can be
 * checked against what the app really answers. Called on the root instance
 * before any route, so the hook sees the routes of every plugin.
 */
export function recordApiRoutes(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD twin of every GET by itself; the document lists the GET.
      if (method === 'HEAD') continue;
      routes.push({ method: method.toLowerCase(), path: toDocumentPath(route.url) });
    }
  });
}

/** Registered routes without a document entry, and entries the app does not answer. */
export function compareWithDocument(
  registered: readonly RegisteredRoute[],
  documented: readonly RegisteredRoute[],
) {
  const key = (route: RegisteredRoute) => `${route.method.toUpperCase()} ${route.path}`;
  const registeredKeys = new Set(registered.map(key));
  const documentedKeys = new Set(documented.map(key));
  return {
    undocumented: [...registeredKeys].filter((k) => !documentedKeys.has(k)).sort(),
    unanswered: [...documentedKeys].filter((k) => !registeredKeys.has(k)).sort(),
  };
}
