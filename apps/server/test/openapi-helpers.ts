import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
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

const ajv = new Ajv2020({ allErrors: true });
addFormats.default(ajv);

/**
 * Checks a real answer against the document: its status must be documented
 * for that call, a JSON answer must match its schema (answer schemas allow no
 * undeclared field), and any other answer must have a documented media type.
 */
export function answerChecker(document: OpenApiDocument) {
  return (method: string, path: string, response: LightMyRequestResponse) => {
    const answer = documentedAnswer(document, method, path, response.statusCode);
    expect(answer, `${method} ${path} → ${response.statusCode} is not documented`).toBeDefined();
    const mediaType = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
    const content = answer?.content ?? {};
    if (mediaType !== 'application/json') {
      expect(Object.keys(content)).toContain(content[mediaType] ? mediaType : '*/*');
      return response;
    }
    const schema = content['application/json']?.schema;
    expect(schema, `${method} ${path} → ${response.statusCode} documents no JSON`).toBeDefined();
    const validate = ajv.compile(resolveSchema(document, schema ?? {}));
    validate(response.json());
    expect(validate.errors ?? [], `${method} ${path} → ${response.body}`).toEqual([]);
    return response;
  };
}
