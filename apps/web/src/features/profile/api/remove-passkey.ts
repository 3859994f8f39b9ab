import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { useWithReauth } from '../reauth/reauth-provider';
import { passkeysQueryKey } from './list-passkeys';
import { securityStatusKey } from './security-status';

export const removePasskey = ({ id }: { id: number }) =>
  api.delete<{ ok: true }>(`/api/profile/passkeys/${id}`);

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    // Removing a way to sign in needs a recent confirmation (DESIGN.md §7.7).
    mutationFn: (input: { id: number }) => withReauth(() => removePasskey(input)),
    // The profile's summary counts passkeys too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
        queryClient.invalidateQueries({ queryKey: securityStatusKey }),
      ]),
  });
}
