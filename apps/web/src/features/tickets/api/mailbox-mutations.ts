import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '~/lib/api-client';
import { mailboxListKey, removeCachedMail } from './get-mailbox';

/**
 * What every action on a mail of the Skrzynka does with the cache: on success
 * the mail leaves the list at once; a 404 means someone else handled it (or
 * the folder changed), so it leaves too and the list is read again.
 */
export function useMailActionCache() {
  const queryClient: QueryClient = useQueryClient();
  return {
    onHandled: (mailId: string) => removeCachedMail(queryClient, mailId),
    onFailed: (mailId: string, error: unknown) => {
      if (!isApiError(error) || error.status !== 404) return;
      removeCachedMail(queryClient, mailId);
      void queryClient.invalidateQueries({ queryKey: mailboxListKey });
    },
    queryClient,
  };
}
