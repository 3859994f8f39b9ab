import type { SecurityStatusAnswer } from '@studio/shared/totp';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const securityStatusKey = ['profile', 'security'] as const;

export const getSecurityStatus = (signal?: AbortSignal) =>
  api.get<SecurityStatusAnswer>('/api/profile/security', signal ? { signal } : {});

/** Whether the authenticator app is on, and how many recovery codes are left. */
export function useSecurityStatus() {
  return useQuery({
    queryKey: securityStatusKey,
    queryFn: ({ signal }) => getSecurityStatus(signal),
  });
}
