import { MFA_CHALLENGE_COOKIE } from '@studio/shared/cookies';
import {
  type PasskeyAnswer,
  PasskeyCreateSchema,
  PasskeyIdParamsSchema,
  PasskeyMfaOptionsSchema,
  PasskeyMfaVerifySchema,
  PasskeyRenameSchema,
  PasskeySignInSchema,
  type PasskeysAnswer,
} from '@studio/shared/passkeys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import {
  baseCookieOptions,
  cookieName,
  finishSignIn,
  type NewSession,
  requireRecentConfirmation,
  requireUser,
  type UserRow,
} from '../auth/index';
import { addPasskey } from './add-passkey';
import { listPasskeys } from './list-passkeys';
import { registrationOptions } from './registration-options';
import { removePasskey } from './remove-passkey';
import { renamePasskey } from './rename-passkey';
import { secondFactorOptions, verifySecondFactor } from './second-factor';
import { signInOptions } from './sign-in-options';
import { signInWithPasskey } from './sign-in-with-passkey';

/** The profile's „Klucze dostępu” and the passkey sign-in calls (DESIGN.md §7.3). */
export async function passkeyRoutes(app: FastifyInstance) {
  const { deps } = app;
  const { config } = deps;
  const challengeCookie = cookieName(config, MFA_CHALLENGE_COOKIE);
  const pendingLogin = (request: FastifyRequest, userId: number) => ({
    userId,
    challengeToken: request.cookies[challengeCookie],
  });
  /** Signed in, exactly as after a password login. */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    session: NewSession,
  ) => ({ user: await finishSignIn(deps, request, reply, { user, session }) });

  // Adding or removing a passkey needs a recent confirmation (DESIGN.md §7.7, N2).
  app.post('/api/profile/passkeys/options', async (request, reply) => {
    const user = await requireRecentConfirmation(request, reply);
    return registrationOptions(deps, { user });
  });

  app.post('/api/profile/passkeys', async (request, reply) => {
    const user = await requireRecentConfirmation(request, reply);
    const { name, response } = parse(PasskeyCreateSchema, request.body);
    const passkey = await addPasskey(deps, { user, name, response, meta: requestMeta(request) });
    const answer: PasskeyAnswer = { passkey };
    return answer;
  });

  app.get('/api/profile/passkeys', async (request, reply) => {
    const user = await requireUser(request, reply);
    const answer: PasskeysAnswer = { passkeys: await listPasskeys(deps, { userId: user.id }) };
    return answer;
  });

  app.patch('/api/profile/passkeys/:id', async (request, reply) => {
    const user = await requireUser(request, reply);
    const { id } = parse(PasskeyIdParamsSchema, request.params);
    const { name } = parse(PasskeyRenameSchema, request.body);
    const meta = requestMeta(request);
    const answer: PasskeyAnswer = {
      passkey: await renamePasskey(deps, { userId: user.id, id, name, meta }),
    };
    return answer;
  });

  app.delete('/api/profile/passkeys/:id', async (request, reply) => {
    const user = await requireRecentConfirmation(request, reply);
    const { id } = parse(PasskeyIdParamsSchema, request.params);
    await removePasskey(deps, { user, id, meta: requestMeta(request) });
    return { ok: true };
  });

  app.post('/api/auth/passkey/options', async (request) =>
    signInOptions(deps, { meta: requestMeta(request) }),
  );

  app.post('/api/auth/passkey/verify', async (request, reply) => {
    const input = parse(PasskeySignInSchema, request.body);
    const { user, session } = await signInWithPasskey(deps, {
      response: input.response,
      rememberMe: input.remember_me ?? false,
      meta: requestMeta(request),
    });
    return signedIn(request, reply, user, session);
  });

  app.post('/api/auth/mfa/passkey/options', async (request) => {
    const { user_id } = parse(PasskeyMfaOptionsSchema, request.body);
    return secondFactorOptions(deps, pendingLogin(request, user_id));
  });

  app.post('/api/auth/mfa/passkey/verify', async (request, reply) => {
    const input = parse(PasskeyMfaVerifySchema, request.body);
    const { user, session } = await verifySecondFactor(deps, {
      ...pendingLogin(request, input.user_id),
      response: input.response,
      rememberMe: input.remember_me ?? false,
      meta: requestMeta(request),
    });
    reply.clearCookie(challengeCookie, baseCookieOptions(config));
    return { ok: true, ...(await signedIn(request, reply, user, session)) };
  });
}
