import { type SavedReplyBody, SavedReplySchema } from '@studio/shared/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { savedRepliesKey } from './get-saved-replies';

/** `PATCH /api/saved-replies/:id` → the stored reply. */
export async function updateSavedReply({ id, ...body }: SavedReplyBody & { id: number }) {
  return SavedReplySchema.parse(await api.patch<unknown>(`/api/saved-replies/${id}`, body));
}

export function useUpdateSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedReply,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}
