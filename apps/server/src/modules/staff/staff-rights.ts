import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import { users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { sendNotice } from '../../mail/send-notice';
import { staffRightsMails } from '../../mail/staff-rights-templates';
import { announceSessionEvent } from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

/** What a change of rights uses: the app's resources, or the admin command's stand-ins for them. */
export type StaffRightsDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'config' | 'mailer' | 'log' | 'background' | 'bus' | 'sessionCache'
>;

/** Who changes the rights: an admin in „Zespół”, or the admin command on the server (no account). */
export interface StaffRightsActor {
  adminId: number | null;
  via: 'team' | 'cli';
}

export interface ChangedAccount {
  id: number;
  username: string;
  email: string;
}

const conflict = (code: 'already_staff' | 'cannot_revoke_self' | 'last_admin') =>
  new AppError(409, code);

async function actorName(deps: StaffRightsDeps, actor: StaffRightsActor): Promise<string | null> {
  if (actor.adminId === null) return null;
  const [row] = await deps.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, actor.adminId));
  return row?.username ?? null;
}

/**
 * What follows every change, the same from the workspace and the command
 * line: the security log (with who did it), every instance told to read the
 * user again — so the session cache and the streams opened with the old right
 * follow at once (finding 24) — and the notice to the person.
 */
async function afterChange(
  deps: StaffRightsDeps,
  input: {
    account: ChangedAccount;
    isGranted: boolean;
    actor: StaffRightsActor;
    meta: RequestMeta;
  },
) {
  const { account, isGranted, actor, meta } = input;
  await recordSecurityEvent(deps, {
    event: isGranted ? 'staff_granted' : 'staff_revoked',
    userId: account.id,
    meta,
    details: { admin_id: actor.adminId, via: actor.via },
  });
  await announceSessionEvent(deps, { type: 'user-changed', userId: account.id });
  const mail = isGranted ? staffRightsMails.granted : staffRightsMails.revoked;
  void sendNotice(
    deps,
    mail(account.email, {
      by: await actorName(deps, actor),
      contactUrl: `${deps.config.publicUrl}/contact`,
    }),
  );
}

/**
 * Makes an account staff (issue 31). A guest account (no password, DESIGN.md
 * §7.6) cannot sign in, so it counts as no account: 404 `account_not_found`,
 * as for an unknown one; staff already: 409 `already_staff`. The conditional
 * UPDATE decides, so two admins granting at once log and mail once.
 */
export async function grantStaffRights(
  deps: StaffRightsDeps,
  input: { userId: number; actor: StaffRightsActor; meta: RequestMeta },
): Promise<ChangedAccount> {
  const now = deps.clock.now();
  const [account] = await deps.db
    .update(users)
    .set({ isAdmin: true, updatedAt: now })
    .where(
      sql`${users.id} = ${input.userId} and not ${users.isAdmin} and ${users.passwordHash} is not null`,
    )
    .returning({ id: users.id, username: users.username, email: users.email });
  if (!account) {
    const [existing] = await deps.db
      .select({ isAdmin: users.isAdmin, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, input.userId));
    if (existing?.isAdmin) throw conflict('already_staff');
    throw new AppError(404, 'account_not_found');
  }
  await afterChange(deps, { account, isGranted: true, actor: input.actor, meta: input.meta });
  return account;
}

/**
 * Takes staff rights away (issue 31). Not staff: 404. In the workspace an
 * admin cannot remove themself (409 `cannot_revoke_self`) nor the last admin
 * (409 `last_admin`): nobody could grant rights there again. The command line
 * may, since it can always grant them back. The admins' rows are locked
 * first, so two admins removing each other at once cannot leave none.
 */
export async function revokeStaffRights(
  deps: StaffRightsDeps,
  input: { userId: number; actor: StaffRightsActor; meta: RequestMeta },
): Promise<ChangedAccount> {
  const { actor } = input;
  if (actor.via === 'team' && actor.adminId === input.userId) throw conflict('cannot_revoke_self');
  const now = deps.clock.now();
  const account = await deps.db.transaction(async (tx) => {
    const admins = await rowsOf<{ id: number }>(
      tx,
      sql`select id from ${users} where is_admin order by id for update`,
    );
    if (!admins.some((a) => Number(a.id) === input.userId)) throw notFound();
    if (actor.via === 'team' && admins.length <= 1) throw conflict('last_admin');
    const [changed] = await tx
      .update(users)
      .set({ isAdmin: false, updatedAt: now })
      .where(eq(users.id, input.userId))
      .returning({ id: users.id, username: users.username, email: users.email });
    return changed;
  });
  if (!account) throw notFound();
  await afterChange(deps, { account, isGranted: false, actor, meta: input.meta });
  return account;
}
