import {
  type Instance,
  startInstances,
  startPostgres,
  startRedis,
  stopInstance,
} from '../process-helpers';

type Redis = Awaited<ReturnType<typeof startRedis>>;

/**
 * Two instances behind one PostgreSQL and one Redis, as a scaled-out
 * deployment; everything is stopped and removed after `body`, pass or fail.
 */
export async function withTwoInstances(
  env: Record<string, string>,
  body: (setup: { a: Instance; b: Instance; redis: Redis }) => Promise<void>,
) {
  const pg = await startPostgres();
  const redis = await startRedis();
  let instances: Instance[] = [];
  try {
    instances = await startInstances(2, {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      STORAGE: 'database',
      NODE_ENV: 'test',
      ...env,
    });
    const [a, b] = instances as [Instance, Instance];
    await body({ a, b, redis });
  } finally {
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    redis.stop();
    pg.destroy();
  }
}
