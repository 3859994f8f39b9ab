import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** Whether ticket e-mails (new replies) go to the account's address. */
export interface NotificationSettings {
  email: boolean;
}

const notificationSettingsKey = ['profile', 'notifications'] as const;

export const getNotificationSettings = (signal?: AbortSignal) =>
  api.get<NotificationSettings>('/api/profile/notifications', signal ? { signal } : {});

export const updateNotificationSettings = (settings: NotificationSettings) =>
  api.post<NotificationSettings>('/api/profile/notifications', settings);

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKey, saved),
  });
}
