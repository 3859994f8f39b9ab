import { api } from '~/lib/api-client';

export const changeUsername = (input: { username: string }) =>
  api.post<{ ok: true; username: string }>('/api/profile/username', input);
