import type { DeletedSavedReplyAnswer } from '@studio/shared/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { savedRepliesKey } from './get-saved-replies';

/** `DELETE /api/saved-replies/:id`. */
export function deleteSavedReply({ id }: { id: number }) {
  return api.delete<DeletedSavedReplyAnswer>(`/api/saved-replies/${id}`);
}

export function useDeleteSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedReply,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}
