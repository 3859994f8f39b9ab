import { type StatsAnswer, StatsAnswerSchema } from '@studio/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export type Stats = StatsAnswer;

export const statsKey = (days: number) => ['stats', days] as const;

/** `GET /api/admin/stats?days=N` (admins only). */
export async function getStats(days: number, signal?: AbortSignal): Promise<Stats> {
  const raw = await api.get<unknown>(`/api/admin/stats?days=${days}`, signal ? { signal } : {});
  return StatsAnswerSchema.parse(raw);
}

export function useStats({ days, enabled }: { days: number; enabled: boolean }) {
  return useQuery({
    queryKey: statsKey(days),
    queryFn: ({ signal }) => getStats(days, signal),
    enabled,
    retry: 1,
  });
}
