import type { RecoveryCodesAnswer } from '@studio/shared/totp';
import { api } from '~/lib/api-client';

/** Turns the app on with its first code; answers the recovery codes (shown once). */
export const confirmTotp = (code: string) =>
  api.post<RecoveryCodesAnswer>('/api/profile/totp/confirm', { code });
