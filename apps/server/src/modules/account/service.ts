import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { mailTemplates } from '../../mail/templates';
import type { FileStorage } from '../../storage/storage';
import { passwords, sendCode } from '../auth/index';
import { deleteAccount } from './delete-account';
import { exportUserData } from './export-data';

/**
 * The user's own data (GDPR access and erasure): a ZIP of everything we keep
 * about them after their password, and deleting the account after an e-mailed code.
 */
export function createAccountService(deps: AppDeps, storage: FileStorage) {
  return {
    /**
     * The password is checked against the user as stored now, not as cached
     * with the session (finding 20): a stolen session alone downloads nothing.
     */
    async exportData({ user, password }: { user: UserRow; password: string }) {
      const [current] = await deps.db.select().from(users).where(eq(users.id, user.id));
      if (!current || !(await passwords.verify(current.passwordHash, password))) {
        throw new AppError(400, 'invalid_credentials');
      }
      return exportUserData(deps, storage, current);
    },

    async requestDeletion({ user }: { user: UserRow }) {
      await sendCode(
        deps,
        { purpose: 'account_delete', email: user.email, subject: `user:${user.id}` },
        (code) => mailTemplates.accountDeleteCode(user.email, code),
      );
    },

    /** The right code deletes the account with its tickets, messages, files and sessions. */
    deleteAccount(input: { user: UserRow; code: string; meta: RequestMeta }) {
      return deleteAccount(deps, storage, input);
    },
  };
}
