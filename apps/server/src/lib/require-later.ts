import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS dependency loaded at its first use rather than at start, for the
 * libraries only some configurations need (Redis, SMTP, metrics): a start
 * without them does not pay for importing them (cold start, bench/README.md).
 * A synchronous require keeps the callers synchronous.
 */
export function requireLater<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(id) as T;
    return loaded;
  };
}
