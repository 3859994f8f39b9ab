import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** „Wyślij powiadomienie próbne”: one push to this device, so the user sees it works (202). */
export const sendTestPush = ({ endpoint }: { endpoint: string }) =>
  api.post<void>('/api/push/test', { endpoint });

export function useSendTestPush() {
  return useMutation({ mutationFn: sendTestPush });
}
