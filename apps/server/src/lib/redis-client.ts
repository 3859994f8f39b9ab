import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

const require = createRequire(import.meta.url);

/**
 * A Redis connection, with the client library loaded at the first one rather
 * than at start: a server without REDIS_URL never loads it (about 0.1 s of the
 * cold start, bench/README.md). ioredis is CommonJS, so a synchronous require
 * keeps the callers synchronous.
 */
export function connectRedis(url: string, options: RedisOptions): Redis {
  const ioredis = require('ioredis') as typeof import('ioredis');
  return new ioredis.Redis(url, options);
}
