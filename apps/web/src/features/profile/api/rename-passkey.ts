import type { PasskeyAnswer } from '@studio/shared/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { passkeysQueryKey } from './list-passkeys';

export const renamePasskey = ({ id, name }: { id: number; name: string }) =>
  api.patch<PasskeyAnswer>(`/api/profile/passkeys/${id}`, { name });

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
