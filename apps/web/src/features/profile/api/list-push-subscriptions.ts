import type { PushSubscriptionsAnswer } from '@studio/shared/push';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export const pushSubscriptionsQueryKey = ['profile', 'push-subscriptions'] as const;

export const listPushSubscriptions = (signal?: AbortSignal) =>
  api.get<PushSubscriptionsAnswer>('/api/push/subscriptions', signal ? { signal } : {});

/** The account's devices with push on, for „Powiadomienia na tym urządzeniu”. */
export function usePushSubscriptions() {
  return useQuery({
    queryKey: pushSubscriptionsQueryKey,
    queryFn: ({ signal }) => listPushSubscriptions(signal),
  });
}
