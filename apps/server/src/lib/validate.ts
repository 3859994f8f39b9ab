import type { z } from 'zod';
import { badRequest } from './errors';

/** Parses a request part with a shared schema; bad input answers 400 validation_failed. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw badRequest(
      'validation_failed',
      result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  return result.data;
}
