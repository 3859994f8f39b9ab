import { type TestMailAnswer, TestMailAnswerSchema } from '@studio/shared/first-run';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { firstRunKey } from './get-first-run';
import { systemStatusKey } from './get-system-status';

/** `POST /api/admin/status/test-mail` (admins): a mail to the admin's own address, sent now. */
export async function sendTestMail(): Promise<TestMailAnswer> {
  const raw = await api.post<unknown>('/api/admin/status/test-mail', {});
  return TestMailAnswerSchema.parse(raw);
}

export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestMail,
    // Sent or refused, the checklist and the mail_out line have news.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: firstRunKey });
      void queryClient.invalidateQueries({ queryKey: systemStatusKey });
    },
  });
}
