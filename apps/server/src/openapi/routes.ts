import type { FastifyInstance } from 'fastify';
import { API_OPERATIONS, buildOpenApiDocument } from './document';
import { REFERENCE_STYLE_HASH, renderReferencePage } from './reference-page';
import { compareWithDocument } from './registered-routes';

/** The reference page allows its one hashed style and nothing else (no script, no outside asset). */
const REFERENCE_CSP = `default-src 'none'; style-src ${REFERENCE_STYLE_HASH}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** GET /api/openapi.json (OpenAPI 3.1, built from the shared zod schemas) and GET /api/docs. */
export async function openApiRoutes(app: FastifyInstance) {
  // Built once: the document depends on code only, never on a request.
  const document = buildOpenApiDocument();
  const json = JSON.stringify(document);
  const page = renderReferencePage(document);

  app.get('/api/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(json),
  );

  app.get('/api/docs', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', REFERENCE_CSP)
      .send(page),
  );

  // The test fails on a gap; a running server names it in the log so it is seen in development too.
  app.addHook('onReady', async () => {
    const documented = API_OPERATIONS.map(({ method, path }) => ({ method, path }));
    const { undocumented } = compareWithDocument(app.apiRoutes, documented);
    if (undocumented.length)
      app.log.warn({ routes: undocumented }, 'routes missing from the API document');
  });
}
