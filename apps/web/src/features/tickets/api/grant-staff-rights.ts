import { type TeamMember, TeamMemberAnswerSchema } from '@studio/shared/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { staffListKey } from './get-staff';
import { teamKey } from './get-team';

/** `POST /api/admin/team {email}` → 201 `{member}`: the account with that address becomes staff. */
export async function grantStaffRights({ email }: { email: string }): Promise<TeamMember> {
  return TeamMemberAnswerSchema.parse(await api.post<unknown>('/api/admin/team', { email })).member;
}

export function useGrantStaffRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantStaffRights,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKey });
      // The assignment list offers every admin: it gains the new one.
      void queryClient.invalidateQueries({ queryKey: staffListKey });
    },
  });
}
