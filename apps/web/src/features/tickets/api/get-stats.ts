import {
  type StatsAnswer,
  StatsAnswerSchema,
  type StatsPeriod,
  statsSearch,
} from '@studio/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export type Stats = StatsAnswer;

export const statsKey = (period: StatsPeriod) => ['stats', statsSearch(period)] as const;

/** `GET /api/admin/stats?days=N` or `?from=&to=` (admins only). */
export async function getStats(period: StatsPeriod, signal?: AbortSignal): Promise<Stats> {
  const raw = await api.get<unknown>(
    `/api/admin/stats?${statsSearch(period)}`,
    signal ? { signal } : {},
  );
  return StatsAnswerSchema.parse(raw);
}

export function useStats({ period, enabled }: { period: StatsPeriod; enabled: boolean }) {
  return useQuery({
    queryKey: statsKey(period),
    queryFn: ({ signal }) => getStats(period, signal),
    enabled,
    retry: 1,
  });
}
