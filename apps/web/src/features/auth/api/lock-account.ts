import type { LockBody } from '@studio/shared/account-lock';
import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/**
 * `POST /api/security/lock {token}` (DESIGN.md §7.7), the „To nie ja” link of an
 * account-change alert: ends every session, removes what the mail names and
 * locks the password until a reset by e-mail. Only this POST locks; opening
 * the link (a GET) never does.
 */
export const lockAccount = (body: LockBody) => api.post<{ ok: true }>('/api/security/lock', body);

export function useLockAccount() {
  return useMutation({ mutationFn: lockAccount });
}
