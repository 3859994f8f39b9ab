import type { TotpSetupAnswer } from '@studio/shared/totp';
import { api } from '~/lib/api-client';

/** A pending secret for the app; it is on only once a code from the app confirms it. */
export const setupTotp = () => api.post<TotpSetupAnswer>('/api/profile/totp/setup', {});
