import type { AccountChange } from '@studio/shared/account-lock';
import { accountLockTokens } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { deviceName } from '../../lib/device-name';
import type { RequestMeta } from '../../lib/request-meta';
import { randomToken, sha256 } from '../../lib/tokens';
import { accountSecurityMails } from '../../mail/account-security-templates';
import { sendNotice } from '../../mail/send-notice';

/** How long „To nie ja” in an alert works (DESIGN.md §7.7). */
export const LOCK_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Mails the owner at once that a way to sign in or the account's address
 * changed (DESIGN.md §7.7), with „To nie ja”: a one-use link, stored hashed,
 * that ends every session, undoes what `details` names and locks the
 * password (`POST /api/security/lock`). The token is stored before the
 * answer; the mail goes out in the background, so a slow mail server
 * neither slows nor fails the change. Lives beside the sign-in alert: both
 * are the auth module's notices to the owner, and the password reset sends
 * one too.
 */
export async function alertAccountChange(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'log' | 'background'>,
  input: {
    user: { id: number; email: string };
    change: AccountChange;
    meta: RequestMeta;
    /** What the lock undoes, e.g. `{passkey_id}`; `{from, to}` of an e-mail change. */
    details?: Record<string, unknown>;
    /** Where the alert goes when not the account's address now (an e-mail change: the old one). */
    to?: string;
    /** A change made by staff (a reset of second factors) carries no lock link. */
    withLockLink?: boolean;
    newEmail?: string;
    passkeyName?: string;
    byReset?: boolean;
  },
): Promise<void> {
  const now = deps.clock.now();
  let lockUrl: string | undefined;
  if (input.withLockLink ?? true) {
    const token = randomToken();
    await deps.db.insert(accountLockTokens).values({
      tokenHash: sha256(token),
      userId: input.user.id,
      change: input.change,
      details: input.details ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LOCK_TOKEN_TTL_MS),
    });
    // Built from PUBLIC_URL only: a forged Host header cannot redirect the link.
    lockUrl = `${deps.config.publicUrl}/security/lock?token=${token}`;
  }
  void sendNotice(
    deps,
    accountSecurityMails.accountChanged(input.to ?? input.user.email, input.change, {
      at: now,
      device: deviceName(input.meta.userAgent),
      ip: input.meta.ip,
      lockUrl,
      profileUrl: `${deps.config.publicUrl}/profile`,
      newEmail: input.newEmail,
      passkeyName: input.passkeyName,
      byReset: input.byReset,
    }),
  );
}
