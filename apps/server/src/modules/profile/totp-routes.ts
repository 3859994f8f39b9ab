import { type SecurityStatusAnswer, TotpCodeBodySchema } from '@studio/shared/totp';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import {
  countRecoveryCodesLeft,
  isTotpEnabled,
  requireRecentConfirmation,
  requireUser,
  secondFactorsOf,
} from '../auth/index';
import { regenerateRecoveryCodes } from './recovery-codes-regenerate';
import { confirmTotp } from './totp-confirm';
import { disableTotp } from './totp-disable';
import { setupTotp } from './totp-setup';

/** The authenticator app and recovery codes in the profile (DESIGN.md §7.3). */
export async function totpRoutes(app: FastifyInstance) {
  const { deps } = app;

  app.get('/api/profile/security', async (request, reply) => {
    const user = await requireUser(request, reply);
    const answer: SecurityStatusAnswer = {
      totp_enabled: await isTotpEnabled(deps.db, user.id),
      recovery_codes_left: await countRecoveryCodesLeft(deps.db, user.id),
      second_factors: await secondFactorsOf(deps.db, user.id),
    };
    return answer;
  });

  // Turning the app on needs a recent confirmation (DESIGN.md §7.7, N3). Turning
  // it off and new recovery codes need a current code from the app instead,
  // which a stolen session cookie does not hold.
  app.post('/api/profile/totp/setup', async (request, reply) => {
    const user = await requireRecentConfirmation(request, reply);
    return setupTotp(deps, { user });
  });

  app.post('/api/profile/totp/confirm', async (request, reply) => {
    const user = await requireRecentConfirmation(request, reply);
    const { code } = parse(TotpCodeBodySchema, request.body);
    return confirmTotp(deps, { user, code, meta: requestMeta(request) });
  });

  app.post('/api/profile/totp/disable', async (request, reply) => {
    const user = await requireUser(request, reply);
    const { code } = parse(TotpCodeBodySchema, request.body);
    await disableTotp(deps, { user, code, meta: requestMeta(request) });
    return { ok: true };
  });

  app.post('/api/profile/recovery-codes', async (request, reply) => {
    const user = await requireUser(request, reply);
    const { code } = parse(TotpCodeBodySchema, request.body);
    return regenerateRecoveryCodes(deps, { user, code, meta: requestMeta(request) });
  });
}
