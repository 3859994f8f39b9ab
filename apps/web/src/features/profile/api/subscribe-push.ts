import type { PushSubscriptionItem } from '@studio/shared/push';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { subscribeThisBrowser } from '../lib/web-push';
import { pushSubscriptionsQueryKey } from './list-push-subscriptions';
import { getPushPublicKey } from './push-public-key';

/**
 * „Włącz powiadomienia”: the server's key, the browser's permission prompt and
 * subscription, then the subscription stored for the account.
 */
export async function subscribePush() {
  const publicKey = await getPushPublicKey();
  const subscription = await subscribeThisBrowser(publicKey);
  return api.post<{ subscription: PushSubscriptionItem }>('/api/push/subscriptions', subscription);
}

export function useSubscribePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribePush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushSubscriptionsQueryKey }),
  });
}
