import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OpenApiDocument } from '../src/openapi/document';

export type JsonObject = Record<string, unknown>;

/** The document as the app serves it. */
export async function servedDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json() as OpenApiDocument;
}

export function documentedOperation(document: OpenApiDocument, method: string, path: string) {
  const found = document.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
}

type Content = Record<string, { schema?: JsonObject }> | undefined;

/** The JSON body schema of a call. */
export function requestSchema(document: OpenApiDocument, method: string, path: string) {
  const body = documentedOperation(document, method, path).requestBody as
    | { content: Content }
    | undefined;
  const schema = body?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} documents no JSON body`);
  return schema as JsonObject & { properties: Record<string, JsonObject> };
}

/** The documented answer of a call for a status: its description and content by media type. */
export function documentedAnswer(
  document: OpenApiDocument,
  method: string,
  path: string,
  status: number,
) {
  const responses = documentedOperation(document, method, path).responses as Record<
    string,
    { description: string; content?: Content }
  >;
  return responses[String(status)];
}

/** A schema of the document with a `$ref` to `components.schemas` replaced by what it names. */
export function resolveSchema(document: OpenApiDocument, schema: JsonObject): JsonObject {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (!ref) return schema;
  const name = ref.replace('#/components/schemas/', '');
  const found = document.components.schemas[name];
  if (!found) throw new Error(`${ref} names no schema`);
  return found;
}
