import { ErrorAnswerSchema } from '@studio/shared/answers';
import type { z } from 'zod';

/** A JSON Schema written by hand, for what zod does not describe (files, streams, multipart). */
export type JsonSchema = Record<string, unknown>;

export interface Answer {
  description: string;
  /** A JSON answer, described by its shared zod schema. */
  schema?: z.ZodType;
  /** Any other answer: its media type and, optionally, a hand-written schema. */
  media?: { type: string; schema?: JsonSchema };
  /** Headers the answer carries, name → description. */
  headers?: Record<string, string>;
}

/** One call of the API, as the route table in this folder lists it. */
export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path template: `{id}` where Fastify has `:id`. */
  path: string;
  summary: string;
  tag: 'auth' | 'profile' | 'tickets' | 'files' | 'stream' | 'staff' | 'meta';
  /** Needs the session cookie (401 `unauthorized` without it). */
  session: boolean;
  description?: string;
  pathParams?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  headers?: Record<string, { schema: z.ZodType; description: string }>;
  /** A JSON body, or hand-written schemas by media type (multipart uploads). */
  body?: z.ZodType | { byMediaType: Record<string, JsonSchema> };
  answers: Record<number, Answer>;
}

const refusal = (description: string): Answer => ({ description, schema: ErrorAnswerSchema });

/** The refusals most calls share, by status; a route table entry picks the ones it can answer. */
export const REFUSALS = {
  400: refusal('`validation_failed` (with `details`) or another input error code.'),
  401: refusal('`unauthorized`: no valid session.'),
  403: refusal('`forbidden`: foreign `Origin` on a state-changing call, or not allowed.'),
  404: refusal('`not_found`: absent, or not visible to the caller.'),
  409: refusal('`duplicate` or `username_taken`.'),
  413: refusal('`file_too_large`.'),
  415: refusal('`unsupported_media_type` (JSON calls take `application/json` only).'),
  429: {
    ...refusal('`rate_limited`: try again after `Retry-After` seconds.'),
    headers: { 'Retry-After': 'Seconds to wait.' },
  },
  502: refusal('`email_failed`: the e-mail could not be sent.'),
  503: refusal(
    '`service_unavailable`: busy (uploads or streams at their ceiling); retry after `Retry-After`.',
  ),
} satisfies Record<number, Answer>;

type RefusalStatus = keyof typeof REFUSALS;

/** The listed shared refusals, with an optional own description per status. */
export function refusals(
  statuses: RefusalStatus[],
  own: Partial<Record<RefusalStatus, string>> = {},
): Record<number, Answer> {
  return Object.fromEntries(
    statuses.map((status) => {
      const description = own[status];
      return [status, description ? refusal(description) : REFUSALS[status]];
    }),
  );
}

/** A JSON call that changes state: CSRF (403), wrong content type (415), bad input (400). */
export const JSON_WRITE: RefusalStatus[] = [400, 403, 415];
