import { ErrorAnswerSchema } from '@studio/shared/answers';
import { z } from 'zod';
import type { Answer, ApiOperation, JsonSchema } from './operation';
import { accountOperations } from './operations-account';
import { accountLockOperations } from './operations-account-lock';
import { accountSessionOperations } from './operations-account-sessions';
import { businessHoursOperations } from './operations-business-hours';
import { callerOperations } from './operations-callers';
import { emailOperations } from './operations-email';
import { inquiryOperations } from './operations-inquiries';
import { passkeyOperations } from './operations-passkeys';
import { pushOperations } from './operations-push';
import { ratingOperations } from './operations-ratings';
import { staffOperations } from './operations-staff';
import { statusOperations } from './operations-status';
import { teamOperations } from './operations-team';
import { eventSchemas, ticketOperations } from './operations-tickets';
import { totpOperations } from './operations-totp';

/** Every documented call; a route registered under /api/ without an entry here fails openapi.test.ts. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...accountOperations,
  ...ticketOperations,
  ...staffOperations,
  ...callerOperations,
  ...passkeyOperations,
  ...pushOperations,
  ...emailOperations,
  ...inquiryOperations,
  ...accountSessionOperations,
  ...totpOperations,
  ...accountLockOperations,
  ...statusOperations,
  ...ratingOperations,
  ...businessHoursOperations,
  ...teamOperations,
];

export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/**
 * A request part is described as the client sends it (`io: 'input'`: defaults
 * optional, aliases listed), an answer as the server writes it (`io: 'output'`,
 * no undeclared fields), so the answer schemas can check real answers strictly.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' });
  return rest;
}

const SESSION = [{ session: [] }];

function parameters(operation: ApiOperation): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [name, schema] of Object.entries(operation.pathParams ?? {})) {
    list.push({ name, in: 'path', required: true, schema: toJsonSchema(schema, 'input') });
  }
  if (operation.query) {
    const query = toJsonSchema(operation.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(query.properties as Record<string, JsonSchema>)) {
      list.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  for (const [name, header] of Object.entries(operation.headers ?? {})) {
    const schema = toJsonSchema(header.schema, 'input');
    list.push({ name, in: 'header', required: false, description: header.description, schema });
  }
  return list;
}

function requestBody(body: NonNullable<ApiOperation['body']>): JsonSchema {
  if ('byMediaType' in body) {
    const content = Object.fromEntries(
      Object.entries(body.byMediaType).map(([type, schema]) => [type, { schema }]),
    );
    return { required: true, content };
  }
  return {
    required: true,
    content: { 'application/json': { schema: toJsonSchema(body, 'input') } },
  };
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** The `{error}` shape is written once, under components, and referred to by every refusal. */
const answerSchema = (schema: z.ZodType) =>
  schema === ErrorAnswerSchema ? ERROR_REF : toJsonSchema(schema, 'output');

function response(answer: Answer): JsonSchema {
  const headers = answer.headers
    ? Object.fromEntries(
        Object.entries(answer.headers).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' } },
        ]),
      )
    : undefined;
  const content = answer.schema
    ? { 'application/json': { schema: answerSchema(answer.schema) } }
    : answer.media
      ? { [answer.media.type]: answer.media.schema ? { schema: answer.media.schema } : {} }
      : undefined;
  return {
    description: answer.description,
    ...(headers ? { headers } : {}),
    ...(content ? { content } : {}),
  };
}

function operationObject(operation: ApiOperation): JsonSchema {
  const params = parameters(operation);
  const responses = Object.fromEntries(
    Object.entries(operation.answers).map(([status, answer]) => [status, response(answer)]),
  );
  return {
    operationId: `${operation.method}${operation.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security: operation.session ? SESSION : [],
    ...(params.length ? { parameters: params } : {}),
    ...(operation.body ? { requestBody: requestBody(operation.body) } : {}),
    responses: {
      ...responses,
      default: {
        description: '`internal` (500, never a stack trace) or `service_unavailable` (503).',
        content: { 'application/json': { schema: ERROR_REF } },
      },
    },
  };
}

const DESCRIPTION = [
  'The API of the studio website and Kontakt (support tickets).',
  'JSON in and out; refusals are `{"error": "<code>"}` with a fitting status.',
  'The session is an HttpOnly cookie (`sid`, `__Host-sid` over https) set by login.',
  'Every state-changing call must come from the site itself (`Origin` or `Sec-Fetch-Site`), else 403.',
  'Field names are snake_case; the camelCase ones are deprecated aliases (docs/decisions/008-field-names.md).',
].join('\n\n');

export function buildOpenApiDocument(
  operations: readonly ApiOperation[] = API_OPERATIONS,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: operationObject(operation),
    };
  }
  const schemas = Object.fromEntries(
    Object.entries({ Error: ErrorAnswerSchema, ...eventSchemas }).map(([name, schema]) => [
      name,
      toJsonSchema(schema, 'output'),
    ]),
  );
  return {
    openapi: '3.1.1',
    info: { title: 'Studio API', version: '1.0.0', description: DESCRIPTION },
    tags: [
      { name: 'meta', description: 'Health and this document.' },
      { name: 'auth', description: 'Registration, sign-in, 2FA and password reset.' },
      { name: 'profile', description: 'The signed-in user’s account.' },
      { name: 'tickets', description: 'Support tickets and their messages.' },
      { name: 'files', description: 'Message attachments.' },
      { name: 'stream', description: 'Live updates (server-sent events).' },
      {
        name: 'staff',
        description:
          'The staff workspace: assignment, tab counts, saved replies, customers, statistics.',
      },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'Set by login; named `__Host-sid` when the site runs over https.',
        },
      },
    },
  };
}
