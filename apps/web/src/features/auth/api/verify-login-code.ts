import type { PublicUser } from '@studio/shared/types';
import { api } from '~/lib/api-client';

/** Second login step: the code e-mailed after the password step (same browser, via its pending cookie). */
export const verifyLoginCode = (input: { userId: number; code: string; rememberMe: boolean }) =>
  api.post<{ ok: true; user: PublicUser }>('/api/auth/mfa/verify', input);

export const resendLoginCode = (input: { userId: number }) =>
  api.post<{ ok: true }>('/api/auth/mfa/resend', input);
