import type { TotpSetupAnswer } from '@studio/shared/totp';
import { useCallback } from 'react';
import { api } from '~/lib/api-client';
import { useWithReauth } from '../reauth/reauth-provider';

/** A pending secret for the app; it is on only once a code from the app confirms it. */
export const setupTotp = () => api.post<TotpSetupAnswer>('/api/profile/totp/setup', {});

/** The set-up, asking for the password first when the session has not confirmed it lately. */
export function useSetupTotp() {
  const withReauth = useWithReauth();
  return useCallback(() => withReauth(setupTotp), [withReauth]);
}
