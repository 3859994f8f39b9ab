import { securityLog } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { RequestMeta } from '../../lib/request-meta';

export type SecurityEvent =
  | 'register'
  | 'login'
  | 'login_failed'
  | 'login_throttled'
  | 'mfa_challenge'
  | 'mfa_failed'
  | 'mfa_locked'
  | 'logout'
  | 'sessions_revoked'
  | 'session_revoked'
  | 'password_changed'
  | 'email_change_requested'
  | 'email_changed'
  | 'password_reset_requested'
  | 'password_reset'
  | 'username_changed'
  | 'mfa_enabled'
  | 'mfa_disabled'
  | 'totp_enabled'
  | 'totp_disabled'
  | 'recovery_code_used'
  | 'recovery_codes_regenerated'
  | 'account_deleted'
  | 'retention_run'
  | 'passkey_added'
  | 'passkey_renamed'
  | 'passkey_removed'
  | 'passkey_failed'
  | 'reauth'
  | 'login_locked'
  | 'account_locked'
  | 'lock_failed'
  | 'second_factors_reset'
  | 'business_hours_changed'
  | 'staff_granted'
  | 'staff_revoked';

/** Appends one entry; the log carries no secrets, only who, what, when and from where. */
export async function recordSecurityEvent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  entry: {
    event: SecurityEvent;
    userId?: number | null;
    meta: RequestMeta;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await deps.db.insert(securityLog).values({
    event: entry.event,
    userId: entry.userId ?? null,
    ip: entry.meta.ip,
    userAgent: entry.meta.userAgent?.slice(0, 512) ?? null,
    details: entry.details ?? null,
    createdAt: deps.clock.now(),
  });
}
