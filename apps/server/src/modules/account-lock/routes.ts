import { LockBodySchema } from '@studio/shared/account-lock';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { lockAccount } from './lock-account';

/**
 * „To nie ja” (DESIGN.md §7.7). Anonymous: the link is opened in any browser,
 * often one that is not signed in. The page (`/security/lock?token=…`) only
 * shows a button; the change is this POST, under the usual Origin check, so
 * a link preview or a prefetch changes nothing.
 */
export async function accountLockRoutes(app: FastifyInstance) {
  app.post('/api/security/lock', async (request) => {
    const { token } = parse(LockBodySchema, request.body);
    await lockAccount(app.deps, { token, meta: requestMeta(request) });
    return { ok: true as const };
  });
}
