import type { RecoveryCodesAnswer } from '@studio/shared/totp';
import { api } from '~/lib/api-client';

/** Ten new recovery codes (the old ones stop working); a current app code confirms it. */
export const regenerateRecoveryCodes = (code: string) =>
  api.post<RecoveryCodesAnswer>('/api/profile/recovery-codes', { code });
