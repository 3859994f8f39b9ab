import { api } from '~/lib/api-client';

/** The profile's "send me a reset link", to the account's own address. */
export const requestPasswordReset = (input: { email: string }) =>
  api.post<{ ok: true }>('/api/auth/password-reset/request', input);
