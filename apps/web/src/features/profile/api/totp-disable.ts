import { api } from '~/lib/api-client';

/** Turns the app off; a current code from it is required. */
export const disableTotp = (code: string) =>
  api.post<{ ok: true }>('/api/profile/totp/disable', { code });
