import type { MfaMethod } from '@studio/shared/totp';
import { and, eq, gt } from 'drizzle-orm';
import { loginChallenges, users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { sha256 } from '../../lib/tokens';
import { mailTemplates } from '../../mail/templates';
import { recordSecurityEvent } from '../security-log/index';
import { consumeCode, sendCode } from './codes';
import { countRecoveryCodesLeft, useRecoveryCode } from './recovery-codes';
import { secondFactorMethods } from './second-factor';
import { guardedCodeTry } from './second-factor-throttle';
import { createSession } from './sessions';
import { useTotpCode } from './totp-codes';

const MINUTE = 60_000;
/** The password step of a 2FA login stays open as long as its code. */
export const CHALLENGE_TTL_MS = 10 * MINUTE;

export async function sendLoginCode(deps: AppDeps, user: UserRow, challengeId: number) {
  await sendCode(
    deps,
    { purpose: 'login', email: user.email, subject: `challenge:${challengeId}` },
    (code) => mailTemplates.loginCode(user.email, code),
  );
}

/** The pending password step of a 2FA login, for this browser's challenge cookie. */
export async function findChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string | undefined,
  userId: number,
) {
  if (!token) return undefined;
  const [challenge] = await deps.db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, sha256(token)),
        eq(loginChallenges.userId, userId),
        gt(loginChallenges.expiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  return challenge;
}

/** The code step of a 2FA login: the right code from this browser starts the session. */
export async function verifyMfa(
  deps: AppDeps,
  {
    userId,
    code,
    method,
    rememberMe,
    challengeToken,
    meta,
  }: {
    userId: number;
    code: string;
    method: MfaMethod;
    rememberMe: boolean;
    challengeToken: string | undefined;
    meta: RequestMeta;
  },
) {
  const { db } = deps;
  // Knowing the user id is not enough: the challenge cookie from the password step must match.
  // Checked before counting, so strangers without the password cannot use up the budget.
  const challenge = await findChallenge(deps, challengeToken, userId);
  if (!challenge) throw badRequest('invalid_code');
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await secondFactorMethods(deps, user)).includes(method)) {
    throw badRequest('invalid_code');
  }
  await guardedCodeTry(deps, { userId, meta }, () =>
    checkSecondFactor(deps, { user, method, code, challengeId: challenge.id }),
  );
  if (method === 'recovery') await reportRecoveryCodeUse(deps, user, meta);

  // One password step opens one session: two right factors sent at the same moment (say, two
  // recovery codes) both pass their checks, but only the first to take the challenge goes on (N4).
  if (!(await claimChallenge(deps, challenge.id))) throw badRequest('invalid_code');
  const session = await createSession(deps, { userId, isPersistent: rememberMe, meta });
  await recordSecurityEvent(deps, { event: 'login', userId, meta, details: { mfa: true, method } });
  return { user, session: { ...session, isPersistent: rememberMe } };
}

/** Takes the password step for good; false when another request took it first. */
async function claimChallenge(deps: Pick<AppDeps, 'db'>, challengeId: number) {
  const taken = await deps.db
    .delete(loginChallenges)
    .where(eq(loginChallenges.id, challengeId))
    .returning({ id: loginChallenges.id });
  return taken.length === 1;
}

function checkSecondFactor(
  deps: AppDeps,
  {
    user,
    method,
    code,
    challengeId,
  }: { user: UserRow; method: MfaMethod; code: string; challengeId: number },
): Promise<boolean> {
  switch (method) {
    case 'totp':
      return useTotpCode(deps, { userId: user.id, code });
    case 'recovery':
      return useRecoveryCode(deps, { userId: user.id, code });
    case 'email':
      return consumeCode(deps, {
        purpose: 'login',
        email: user.email,
        subject: `challenge:${challengeId}`,
        code,
      });
    case 'passkey':
      // A passkey answers through its own calls (modules/passkeys), never as a typed code.
      return Promise.resolve(false);
  }
}

/** A used recovery code is logged and e-mailed to the owner: if it was not them, they learn at once. */
async function reportRecoveryCodeUse(deps: AppDeps, user: UserRow, meta: RequestMeta) {
  const left = await countRecoveryCodesLeft(deps.db, user.id);
  await recordSecurityEvent(deps, {
    event: 'recovery_code_used',
    userId: user.id,
    meta,
    details: { left },
  });
  try {
    await deps.mailer.send(mailTemplates.recoveryCodeUsed(user.email, left));
  } catch (error) {
    // The sign-in stands: the code is already spent, and the log row records the use.
    deps.log.warn({ err: error }, 'recovery-code notice could not be sent');
  }
}

/**
 * A new e-mailed code for a pending 2FA login, bound to the same challenge
 * („Wyślij kod e-mailem” when the app is the first method, and resends).
 */
export async function resendMfa(
  deps: AppDeps,
  { userId, challengeToken }: { userId: number; challengeToken: string | undefined },
) {
  const challenge = await findChallenge(deps, challengeToken, userId);
  if (!challenge) throw badRequest('invalid_code');
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user?.mfaEnabled) throw badRequest('invalid_code');
  await sendLoginCode(deps, user, challenge.id);
}
