import { type FirstRunAnswer, FirstRunAnswerSchema } from '@studio/shared/first-run';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const firstRunKey = ['first-run'] as const;

/** `GET /api/admin/first-run` (admins only): the steps of „Pierwsze kroki”. */
export async function getFirstRun(signal?: AbortSignal): Promise<FirstRunAnswer> {
  const raw = await api.get<unknown>('/api/admin/first-run', signal ? { signal } : {});
  return FirstRunAnswerSchema.parse(raw);
}

export function useFirstRun({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: firstRunKey,
    queryFn: ({ signal }) => getFirstRun(signal),
    enabled,
    retry: 1,
    // The server logs in to the mailbox to answer; a minute old is fresh enough for a checklist.
    staleTime: 60_000,
  });
}
