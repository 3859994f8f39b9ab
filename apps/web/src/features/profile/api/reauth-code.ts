import { api } from '~/lib/api-client';

/** `POST /api/profile/reauth/code`: mails a code to an account that has no password. */
export const requestReauthCode = () => api.post<{ ok: true }>('/api/profile/reauth/code', {});
