import { createHash } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/helpers';
import {
  documentedAnswer,
  type JsonObject,
  requestSchema,
  servedDocument,
} from '../../test/openapi-helpers';
import type { OpenApiDocument } from './document';
import { compareWithDocument, type RegisteredRoute } from './registered-routes';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

async function appWithDocument() {
  const app = await ctx.app();
  return { app, document: await servedDocument(app) };
}

const documentedRoutes = (document: OpenApiDocument): RegisteredRoute[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method, path })),
  );

describe('the API document', () => {
  it('lists every route the app registers under /api/, and nothing the app does not answer', async () => {
    const { app, document } = await appWithDocument();
    await app.ready();
    // Sanity: the hook saw the routes of every module, not just the first ones.
    expect(app.apiRoutes.length).toBeGreaterThan(30);
    expect(app.apiRoutes).toContainEqual({ method: 'post', path: '/api/tickets/{id}/messages' });
    expect(app.apiRoutes).toContainEqual({ method: 'post', path: '/api/profile/export' });
    expect(compareWithDocument(app.apiRoutes, documentedRoutes(document))).toEqual({
      undocumented: [],
      unanswered: [],
    });
  });

  it('a route added without a document entry is caught and named in the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const app = await ctx.app({ loggerInstance: logger });
    app.get('/api/tickets/:id/export', async () => ({ ok: true }));
    await app.ready();
    const document = await servedDocument(app);
    expect(compareWithDocument(app.apiRoutes, documentedRoutes(document)).undocumented).toEqual([
      'GET /api/tickets/{id}/export',
    ]);
    const warning = lines
      .map((line) => JSON.parse(line))
      .find((l) => l.msg?.includes('API document'));
    expect(warning?.routes).toEqual(['GET /api/tickets/{id}/export']);
  });

  it('is valid OpenAPI 3.1', async () => {
    const { document } = await appWithDocument();
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(document as unknown as JsonObject);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('marks the camelCase spellings deprecated beside their snake_case fields', async () => {
    const { document } = await appWithDocument();
    const login = requestSchema(document, 'post', '/api/auth/login').properties;
    expect(login.rememberMe?.deprecated).toBe(true);
    expect(login.remember_me).toEqual({ type: 'boolean' });
    for (const path of ['/api/auth/mfa/verify', '/api/auth/mfa/resend']) {
      const body = requestSchema(document, 'post', path);
      expect(body.properties.userId?.deprecated).toBe(true);
      expect(body.properties.user_id?.deprecated).toBeUndefined();
    }
    const meSchema = documentedAnswer(document, 'get', '/api/auth/me', 200)?.content?.[
      'application/json'
    ]?.schema as { properties: Record<string, JsonObject>; required: string[] };
    expect(meSchema.properties.isStaff?.deprecated).toBe(true);
    expect(meSchema.properties.is_staff).toEqual({ type: 'boolean' });
    expect(meSchema.required).toEqual(expect.arrayContaining(['is_staff', 'isStaff', 'user']));
  });

  it('is readable at /api/docs with no script, no outside asset and a CSP that allows only its style', async () => {
    const { app, document } = await appWithDocument();
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//i);
    for (const path of Object.keys(document.paths)) expect(html).toContain(`${path}</h3>`);

    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval|https?:/);
    // The one inline style carries exactly the hash the CSP allows.
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256')
      .update(styles[0] ?? '')
      .digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(html).not.toMatch(/\sstyle="/);
  });
});
