import { type SavedReplyBody, SavedReplySchema } from '@studio/shared/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { savedRepliesKey } from './get-saved-replies';

/** `POST /api/saved-replies` → the stored reply. */
export async function createSavedReply(body: SavedReplyBody) {
  return SavedReplySchema.parse(await api.post<unknown>('/api/saved-replies', body));
}

export function useCreateSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedReply,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}
