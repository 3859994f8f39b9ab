import {
  type MailboxListAnswer,
  MailboxListAnswerSchema,
  MailboxStreamEventSchema,
} from '@studio/shared/mailbox';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { readEventData } from '../lib/event-stream';

/** Prefix of every „Skrzynka” query: invalidating it refreshes the list and the count. */
export const mailboxKey = ['mailbox'] as const;
/** The mails themselves: only the Skrzynka screen asks for them. */
export const mailboxListKey = [...mailboxKey, 'list'] as const;
/**
 * The count in the workspace's header. Apart from the list, because the
 * stream's `mailbox` event carries the new total: the header updates without
 * reading the mailbox again, and the list (heavier: the server asks IMAP) is
 * read only where it is shown.
 */
export const mailboxCountKey = [...mailboxKey, 'count'] as const;

/** `GET /api/admin/mailbox` (admins only): the mails set aside, newest first. */
export async function getMailbox(signal?: AbortSignal): Promise<MailboxListAnswer> {
  const raw = await api.get<unknown>('/api/admin/mailbox', signal ? { signal } : {});
  return MailboxListAnswerSchema.parse(raw);
}

export function useMailbox({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: mailboxListKey,
    queryFn: async ({ signal }) => {
      const answer = await getMailbox(signal);
      queryClient.setQueryData(mailboxCountKey, answer.total);
      return answer;
    },
    enabled,
    // Coming back to the screen reads the folder again: the stream was closed meanwhile.
    staleTime: 0,
    // A 503 (mailbox unreachable) has its own message and button; retrying it only delays them.
    retry: false,
  });
}

/** How many mails wait in the Skrzynka, for the workspace's header (admins only). */
export function useMailboxCount({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: mailboxCountKey,
    queryFn: async ({ signal }) => (await getMailbox(signal)).total,
    enabled,
    // The stream keeps it current; a failed count only hides the badge.
    retry: false,
  });
}

/**
 * The stream's `event: mailbox` (`{"total": N}`): the count takes the new
 * total at once and the list is read again where it is shown. Unreadable
 * data still means the folder changed, so everything is read again.
 */
export function applyMailboxEvent(queryClient: QueryClient, data: string) {
  const event = readEventData(data, MailboxStreamEventSchema);
  if (event) {
    queryClient.setQueryData(mailboxCountKey, event.total);
    void queryClient.invalidateQueries({ queryKey: mailboxListKey });
  } else {
    void queryClient.invalidateQueries({ queryKey: mailboxKey });
  }
}

/** Takes a handled mail out of the cached list and count before the stream confirms it. */
export function removeCachedMail(queryClient: QueryClient, mailId: string) {
  let removed = false;
  queryClient.setQueryData<MailboxListAnswer>(mailboxListKey, (data) => {
    if (!data?.mails.some((mail) => mail.id === mailId)) return data;
    removed = true;
    return {
      ...data,
      mails: data.mails.filter((mail) => mail.id !== mailId),
      total: Math.max(0, data.total - 1),
    };
  });
  if (removed) {
    queryClient.setQueryData<number>(mailboxCountKey, (count) =>
      count === undefined ? count : Math.max(0, count - 1),
    );
  }
}
