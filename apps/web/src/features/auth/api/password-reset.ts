import { api } from '~/lib/api-client';

/** Answers the same whether or not the address has an account. */
export const requestPasswordReset = (input: { email: string }) =>
  api.post<{ ok: true }>('/api/auth/password-reset/request', input);

/** Sets the new password and logs out every session of the account. */
export const confirmPasswordReset = (input: { token: string; password: string }) =>
  api.post<{ ok: true }>('/api/auth/password-reset/confirm', input);
