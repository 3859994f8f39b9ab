import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { unsubscribeThisBrowser } from '../lib/web-push';
import { pushSubscriptionsQueryKey } from './list-push-subscriptions';

/**
 * Turns push off for the device at `endpoint`: the server forgets it first (no
 * push goes there from then on), then, when it is this browser, the browser
 * ends its subscription too.
 */
export async function unsubscribePush({ endpoint }: { endpoint: string }) {
  await api.delete<void>('/api/push/subscriptions', { json: { endpoint } });
  await unsubscribeThisBrowser(endpoint);
}

export function useUnsubscribePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribePush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushSubscriptionsQueryKey }),
  });
}
