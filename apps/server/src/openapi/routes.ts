import type { FastifyInstance } from 'fastify';
import { API_OPERATIONS, buildOpenApiDocument } from './document';
import { REFERENCE_STYLE_HASH, renderReferencePage } from './reference-page';
import { compareWithDocument } from './registered-routes';

/** The reference page allows its one hashed style and nothing else (no script, no outside asset). */
const REFERENCE_CSP = `default-src 'none'; style-src ${REFERENCE_STYLE_HASH}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** GET /api/openapi.json (OpenAPI 3.1, built from the shared zod schemas) and GET /api/docs. */
export async function openApiRoutes(app: FastifyInstance) {
  // Built once, at the first request for it: the document depends on code
  // only, never on a request, and converting every schema took a fifth of a
  // second of each start that nobody reads it in (bench/README.md, cold start).
  let built: { json: string; page: string } | null = null;
  const reference = () => {
    if (!built) {
      const document = buildOpenApiDocument();
      built = { json: JSON.stringify(document), page: renderReferencePage(document) };
    }
    return built;
  };

  app.get('/api/openapi.json', async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(reference().json),
  );

  app.get('/api/docs', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', REFERENCE_CSP)
      .send(reference().page),
  );

  // The test fails on a gap; a running server names it in the log so it is seen in development too.
  app.addHook('onReady', async () => {
    const documented = API_OPERATIONS.map(({ method, path }) => ({ method, path }));
    const { undocumented } = compareWithDocument(app.apiRoutes, documented);
    if (undocumented.length)
      app.log.warn({ routes: undocumented }, 'routes missing from the API document');
  });
}
