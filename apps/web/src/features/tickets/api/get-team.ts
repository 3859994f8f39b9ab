import { TeamAnswerSchema, type TeamMember } from '@studio/shared/team';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const teamKey = ['admin', 'team'] as const;

/** `GET /api/admin/team` (admins, issue 31): staff with their addresses and latest grant. */
export async function getTeam(signal?: AbortSignal): Promise<TeamMember[]> {
  const raw = await api.get<unknown>('/api/admin/team', signal ? { signal } : {});
  return TeamAnswerSchema.parse(raw).team;
}

export function useTeam() {
  return useQuery({
    queryKey: teamKey,
    queryFn: ({ signal }) => getTeam(signal),
    retry: 1,
  });
}
