import { type StaffNotifications, StaffNotificationsSchema } from '@studio/shared/team';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** Which ticket e-mails a staff member gets (issue 31): new tickets each, grouped or none; overdue. */
export const staffNotificationsKey = ['profile', 'staff-notifications'] as const;

export async function getStaffNotifications(signal?: AbortSignal): Promise<StaffNotifications> {
  return StaffNotificationsSchema.parse(
    await api.get<unknown>('/api/profile/staff-notifications', signal ? { signal } : {}),
  );
}

export async function saveStaffNotifications(
  choice: StaffNotifications,
): Promise<StaffNotifications> {
  return StaffNotificationsSchema.parse(
    await api.put<unknown>('/api/profile/staff-notifications', choice),
  );
}

export function useStaffNotifications() {
  return useQuery({
    queryKey: staffNotificationsKey,
    queryFn: ({ signal }) => getStaffNotifications(signal),
  });
}

export function useSaveStaffNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStaffNotifications,
    onSuccess: (saved) => queryClient.setQueryData(staffNotificationsKey, saved),
  });
}
