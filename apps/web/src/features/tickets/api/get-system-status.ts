import { type StatusAnswer, StatusAnswerSchema } from '@studio/shared/status';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const systemStatusKey = ['system-status'] as const;

/** `GET /api/admin/status` (admins only): „Stan systemu”. */
export async function getSystemStatus(signal?: AbortSignal): Promise<StatusAnswer> {
  const raw = await api.get<unknown>('/api/admin/status', signal ? { signal } : {});
  return StatusAnswerSchema.parse(raw);
}

export function useSystemStatus() {
  return useQuery({
    queryKey: systemStatusKey,
    queryFn: ({ signal }) => getSystemStatus(signal),
    retry: 1,
  });
}
