import { api } from '~/lib/api-client';

/** Turning 2FA on or off is confirmed with a code e-mailed to the account's address. */
export type MfaChange = 'enable' | 'disable';

export const requestMfaCode = (change: MfaChange) =>
  api.post<{ ok: true }>(`/api/profile/mfa/${change}/request`);

export const resendMfaCode = (change: MfaChange) =>
  api.post<{ ok: true }>(`/api/profile/mfa/${change}/resend`);

export const confirmMfaChange = (change: MfaChange, input: { code: string }) =>
  api.post<{ ok: true }>(`/api/profile/mfa/${change}/confirm`, input);
