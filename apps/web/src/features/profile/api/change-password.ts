import type { PasswordChangeInput } from '@studio/shared/account-sessions';
import { api } from '~/lib/api-client';

/** „Zmień hasło”: the other sessions end on the server; this one stays. */
export const changePassword = (input: PasswordChangeInput) =>
  api.post<{ ok: true }>('/api/profile/password', input);
