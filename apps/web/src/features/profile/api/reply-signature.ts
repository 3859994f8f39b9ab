import type { ReplySignatureAnswer } from '@studio/shared/reply-signature';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** Staff's signature under their public replies (issue 31), shared by the profile and the composer. */
export const replySignatureKey = ['profile', 'signature'] as const;

export const getReplySignature = (signal?: AbortSignal) =>
  api.get<ReplySignatureAnswer>('/api/profile/signature', signal ? { signal } : {});

export const saveReplySignature = (signature: string) =>
  api.put<ReplySignatureAnswer>('/api/profile/signature', { signature });

export function useReplySignature({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: replySignatureKey,
    queryFn: ({ signal }) => getReplySignature(signal),
    enabled,
  });
}

export function useSaveReplySignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReplySignature,
    onSuccess: (saved) => queryClient.setQueryData(replySignatureKey, saved),
  });
}
