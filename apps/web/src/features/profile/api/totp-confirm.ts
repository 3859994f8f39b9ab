import type { RecoveryCodesAnswer } from '@studio/shared/totp';
import { useCallback } from 'react';
import { api } from '~/lib/api-client';
import { useWithReauth } from '../reauth/reauth-provider';

/** Turns the app on with its first code; answers the recovery codes (shown once). */
export const confirmTotp = (code: string) =>
  api.post<RecoveryCodesAnswer>('/api/profile/totp/confirm', { code });

/**
 * The confirmation, asking for the password first when the session's
 * confirmation lapsed while the user scanned the QR code; the same code is
 * sent again after it (a code the server refused is never reused).
 */
export function useConfirmTotp() {
  const withReauth = useWithReauth();
  return useCallback((code: string) => withReauth(() => confirmTotp(code)), [withReauth]);
}
