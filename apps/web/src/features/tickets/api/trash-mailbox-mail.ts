import { useMutation } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { useMailActionCache } from './mailbox-mutations';

/** `DELETE /api/admin/mailbox/:id` → 204: the mail moves to the mailbox's trash (not deleted for good). */
export async function trashMailboxMail({ mailId }: { mailId: string }): Promise<void> {
  await api.delete<unknown>(`/api/admin/mailbox/${encodeURIComponent(mailId)}`);
}

export function useTrashMailboxMail() {
  const cache = useMailActionCache();
  return useMutation({
    mutationFn: trashMailboxMail,
    onSuccess: (_answer, { mailId }) => cache.onHandled(mailId),
    onError: (error, { mailId }) => cache.onFailed(mailId, error),
  });
}
