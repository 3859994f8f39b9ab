import type { SecondFactors } from '@studio/shared/account-lock';
import { eq } from 'drizzle-orm';
import {
  loginChallenges,
  passkeys,
  recoveryCodes,
  users,
  userTotp,
  webauthnChallenges,
} from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import {
  alertAccountChange,
  announceSessionEvent,
  endUserSessions,
  secondFactorsOf,
} from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

/** What the reset uses: the app's resources, or the admin command's stand-ins for them. */
export type ResetDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'config' | 'mailer' | 'log' | 'background' | 'bus' | 'sessionCache'
>;

/** The typed confirmation names this very account: its username or its e-mail, any case. */
function confirms(user: { username: string; email: string }, confirm: string): boolean {
  const typed = confirm.trim().toLowerCase();
  return typed === user.username.toLowerCase() || typed === user.email.toLowerCase();
}

/**
 * The way back for an owner locked out by a second factor they no longer hold
 * (issue 28, review N3): e-mail codes off, the app and its recovery codes,
 * and every passkey removed, every session ended at once on every instance.
 * Staff type the account's username or e-mail to confirm (400
 * `validation_failed` otherwise, nothing changed). Logged with who did it,
 * and mailed to the owner, without a lock link: staff did it, and the owner
 * signs in with the password alone now. Answers the summary after (all off).
 */
export async function resetSecondFactors(
  deps: ResetDeps,
  {
    userId,
    confirm,
    actor,
    meta,
  }: {
    userId: number;
    confirm: string;
    /** The admin in the staff panel, or the admin command on the server (no account). */
    actor: { adminId: number | null; via: 'staff' | 'cli' };
    meta: RequestMeta;
  },
): Promise<SecondFactors> {
  const { db, clock } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  if (!confirms(user, confirm)) {
    throw badRequest('validation_failed', [{ path: 'confirm', message: 'does_not_match' }]);
  }
  const before = await secondFactorsOf(db, user.id);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ mfaEnabled: false, updatedAt: now }).where(eq(users.id, user.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.delete(passkeys).where(eq(passkeys.userId, user.id));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, user.id));
  });
  const ended = await endUserSessions(deps, { userId: user.id });
  await announceSessionEvent(deps, { type: 'user-changed', userId: user.id });
  await recordSecurityEvent(deps, {
    event: 'second_factors_reset',
    userId: user.id,
    meta,
    details: { admin_id: actor.adminId, via: actor.via, before, ended },
  });
  await alertAccountChange(deps, {
    user,
    change: 'second_factors_reset',
    meta,
    withLockLink: false,
  });
  return secondFactorsOf(db, user.id);
}
