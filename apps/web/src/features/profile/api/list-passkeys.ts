import type { PasskeysAnswer } from '@studio/shared/passkeys';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const passkeysQueryKey = ['profile', 'passkeys'] as const;

export const listPasskeys = (signal?: AbortSignal) =>
  api.get<PasskeysAnswer>('/api/profile/passkeys', signal ? { signal } : {});

/** The user's passkeys, for „Klucze dostępu”. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysQueryKey,
    queryFn: ({ signal }) => listPasskeys(signal),
  });
}
