import { type SavedReply, SavedReplyListAnswerSchema } from '@studio/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export type { SavedReply };

export const savedRepliesKey = ['saved-replies'] as const;

/** `GET /api/saved-replies` (admins only): the studio's saved replies, by title. */
export async function getSavedReplies(signal?: AbortSignal): Promise<SavedReply[]> {
  const raw = await api.get<unknown>('/api/saved-replies', signal ? { signal } : {});
  return SavedReplyListAnswerSchema.parse(raw).saved_replies;
}

export function useSavedReplies({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: savedRepliesKey,
    queryFn: ({ signal }) => getSavedReplies(signal),
    enabled,
    retry: 1,
  });
}
