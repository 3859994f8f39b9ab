import { api } from '~/lib/api-client';

export const logout = () => api.post<{ ok: true }>('/api/auth/logout');
