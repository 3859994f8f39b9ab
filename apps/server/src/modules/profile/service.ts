import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { mailTemplates } from '../../mail/templates';
import {
  alertAccountChange,
  announceSessionEvent,
  consumeCode,
  sendCode,
  type UserRow,
} from '../auth/index';
import { recordSecurityEvent } from '../security-log/index';

type MfaChange = 'enable' | 'disable';

export function createProfileService(deps: AppDeps) {
  const { db, clock } = deps;

  return {
    async changeUsername({
      user,
      username,
      meta,
    }: {
      user: UserRow;
      username: string;
      meta: RequestMeta;
    }) {
      try {
        await db
          .update(users)
          .set({ username, updatedAt: clock.now() })
          .where(eq(users.id, user.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'username_taken');
        throw error;
      }
      await announceSessionEvent(deps, { type: 'user-changed', userId: user.id });
      await recordSecurityEvent(deps, {
        event: 'username_changed',
        userId: user.id,
        meta,
        details: { from: user.username, to: username },
      });
    },

    /** E-mails a code that confirms turning 2FA on or off (request and resend alike). */
    async requestMfaChange({ user, change }: { user: UserRow; change: MfaChange }) {
      const purpose = change === 'enable' ? 'mfa_enable' : 'mfa_disable';
      await sendCode(deps, { purpose, email: user.email, subject: `user:${user.id}` }, (code) =>
        change === 'enable'
          ? mailTemplates.mfaEnableCode(user.email, code)
          : mailTemplates.mfaDisableCode(user.email, code),
      );
    },

    async confirmMfaChange({
      user,
      change,
      code,
      meta,
    }: {
      user: UserRow;
      change: MfaChange;
      code: string;
      meta: RequestMeta;
    }) {
      const purpose = change === 'enable' ? 'mfa_enable' : 'mfa_disable';
      const ok = await consumeCode(deps, {
        purpose,
        email: user.email,
        subject: `user:${user.id}`,
        code,
      });
      if (!ok) throw badRequest('invalid_code');
      await db
        .update(users)
        .set({ mfaEnabled: change === 'enable', updatedAt: clock.now() })
        .where(eq(users.id, user.id));
      await announceSessionEvent(deps, { type: 'user-changed', userId: user.id });
      await recordSecurityEvent(deps, {
        event: change === 'enable' ? 'mfa_enabled' : 'mfa_disabled',
        userId: user.id,
        meta,
      });
      await alertAccountChange(deps, {
        user,
        change: change === 'enable' ? 'email_codes_enabled' : 'email_codes_disabled',
        meta,
      });
    },
  };
}
