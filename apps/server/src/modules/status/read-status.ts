import fs from 'node:fs';
import path from 'node:path';
import type { StatusAnswer, StatusCheck } from '@studio/shared/status';
import type { FastifyInstance } from 'fastify';
import { STATUS_CHECKS } from './checks/index';

/** When this process started: the moment Node began, not when the app was built. */
const STARTED_AT = new Date(Date.now() - process.uptime() * 1000).toISOString();

/**
 * The product's version: the nearest package.json above this module (the
 * server's own, from the sources and from the bundle in dist/ alike).
 */
function readVersion(): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 6; i++) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const { version } = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string };
      return version ?? 'nieznana';
    }
    dir = path.dirname(dir);
  }
  return 'nieznana';
}
const VERSION = readVersion();

/**
 * `GET /api/admin/status`: every check at once. A check is not meant to
 * throw (a part that is down is its red line); one that does anyway is
 * logged and left out rather than failing the whole page.
 */
export async function readStatus(app: FastifyInstance): Promise<StatusAnswer> {
  const results = await Promise.all(
    STATUS_CHECKS.map((check) =>
      check(app).catch((error: unknown) => {
        app.log.error({ err: error }, 'status check failed to run');
        return null;
      }),
    ),
  );
  return {
    version: VERSION,
    started_at: STARTED_AT,
    checks: results.filter((c): c is StatusCheck => c !== null),
  };
}
