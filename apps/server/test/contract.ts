import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * The wire value, exactly as the shared contract describes it: parsing drops
 * unknown keys, so `toEqual` also catches a field the contract does not know.
 */
export function expectContract<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(value);
  return parsed.data as z.infer<S>;
}
