import {
  type SessionItem,
  type SessionsAnswer,
  SessionsAnswerSchema,
} from '@studio/shared/account-sessions';
import type { SessionsRevokedAnswer } from '@studio/shared/answers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export type { SessionItem };

export const sessionsQueryKey = ['profile', 'sessions'] as const;

export const getSessions = async (signal?: AbortSignal): Promise<SessionsAnswer> =>
  SessionsAnswerSchema.parse(
    await api.get<unknown>('/api/profile/sessions', signal ? { signal } : {}),
  );

export const revokeSession = (id: number) =>
  api.delete<{ ok: true }>(`/api/profile/sessions/${id}`);

export const revokeOtherSessions = () =>
  api.post<SessionsRevokedAnswer>('/api/profile/sessions/revoke-others', {});

/** The account's signed-in browsers („Zalogowane urządzenia”). */
export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => getSessions(signal),
  });
}

/** „Wyloguj” for one browser, or for all the others; the list is read again after either. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: number | 'others') =>
      target === 'others' ? revokeOtherSessions() : revokeSession(target),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
