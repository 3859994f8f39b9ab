import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { passkeysQueryKey } from './list-passkeys';

export const removePasskey = ({ id }: { id: number }) =>
  api.delete<{ ok: true }>(`/api/profile/passkeys/${id}`);

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
