import { CodeConfirmSchema, ExportRequestSchema } from '@studio/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { rateLimited } from '../../lib/errors';
import { consume } from '../../lib/rate-limiter';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import type { FileStorage } from '../../storage/storage';
import { clearSessionCookie, requireUser } from '../auth/index';
import { createAccountService } from './service';

/** An export reads every file of the user, and each try checks the password: a few an hour. */
const EXPORT_LIMITS = [{ limit: 5, windowMs: 3_600_000 }];
const CONFIRM_LIMITS = [{ limit: 10, windowMs: 3_600_000 }];

export async function accountRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  const account = createAccountService(app.deps, options.storage);
  const { limiter, clock, config } = app.deps;

  /**
   * A POST with the password (finding 20): the CSRF check applies, a cross-site
   * link cannot start it, and a stolen session alone cannot download everything.
   * The old GET is gone (404): nothing may start an export without the password.
   */
  app.post('/api/profile/export', async (request, reply) => {
    const user = await requireUser(request, reply);
    const wait = await consume(limiter, `export:${user.id}`, EXPORT_LIMITS);
    if (wait > 0) throw rateLimited(wait);
    const { password } = parse(ExportRequestSchema, request.body);
    const archive = await account.exportData({ user, password });
    const date = clock.now().toISOString().slice(0, 10);
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="moje-dane-${date}.zip"`)
      .header('Cache-Control', 'no-store')
      .send(archive);
  });

  app.post('/api/profile/delete/request', async (request, reply) => {
    const user = await requireUser(request, reply);
    await account.requestDeletion({ user });
    return { ok: true };
  });

  app.post('/api/profile/delete/confirm', async (request, reply) => {
    const user = await requireUser(request, reply);
    const wait = await consume(limiter, `delete-confirm:${user.id}`, CONFIRM_LIMITS);
    if (wait > 0) throw rateLimited(wait);
    const { code } = parse(CodeConfirmSchema, request.body);
    await account.deleteAccount({ user, code, meta: requestMeta(request) });
    clearSessionCookie(reply, config);
    return { ok: true };
  });
}
