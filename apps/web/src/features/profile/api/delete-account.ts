import { api } from '~/lib/api-client';

/**
 * 'Usuń konto' (docs/decisions/006-account-data.md): a code e-mailed to the
 * account's address confirms deleting the account with its tickets, messages
 * and files. The confirm call also ends the session (the cookie is cleared).
 */
export const requestAccountDeletion = () => api.post<{ ok: true }>('/api/profile/delete/request');

export const confirmAccountDeletion = (input: { code: string }) =>
  api.post<{ ok: true }>('/api/profile/delete/confirm', input);
