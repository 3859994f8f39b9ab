import type { MfaMethod } from '@studio/shared/totp';
import type { PublicUser } from '@studio/shared/types';
import { api } from '~/lib/api-client';

/**
 * Second login step: the e-mailed code, the app's code or a recovery code
 * (`method`, "email" when absent), from the browser of the password step (its pending cookie).
 */
export const verifyLoginCode = (input: {
  userId: number;
  code: string;
  rememberMe: boolean;
  method?: MfaMethod;
}) => api.post<{ ok: true; user: PublicUser }>('/api/auth/mfa/verify', input);

export const resendLoginCode = (input: { userId: number }) =>
  api.post<{ ok: true }>('/api/auth/mfa/resend', input);

/** „Wyślij kod e-mailem” when the app's code is asked first. */
export const sendLoginCodeByEmail = (input: { userId: number }) =>
  api.post<{ ok: true }>('/api/auth/mfa/send-email', input);
