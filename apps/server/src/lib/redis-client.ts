import type * as IORedis from 'ioredis';
import { requireLater } from './require-later';

const ioredis = requireLater<typeof IORedis>('ioredis');

/** A Redis connection; a server without REDIS_URL never loads the client library. */
export function connectRedis(url: string, options: IORedis.RedisOptions): IORedis.Redis {
  return new (ioredis().Redis)(url, options);
}
