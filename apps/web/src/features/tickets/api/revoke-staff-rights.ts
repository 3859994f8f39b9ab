import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { staffListKey } from './get-staff';
import { teamKey } from './get-team';

/** `DELETE /api/admin/team/:id` → 204: no longer staff (409 for oneself or the last admin). */
export async function revokeStaffRights({ memberId }: { memberId: number }): Promise<void> {
  await api.delete<unknown>(`/api/admin/team/${memberId}`);
}

export function useRevokeStaffRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeStaffRights,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKey });
      void queryClient.invalidateQueries({ queryKey: staffListKey });
    },
  });
}
