import type { EmailChangeInput } from '@studio/shared/account-sessions';
import { api } from '~/lib/api-client';

/** „Zmień adres e-mail”, step one: a code goes to the new address. */
export const requestEmailChange = (input: EmailChangeInput) =>
  api.post<{ ok: true }>('/api/profile/email', input);

/** Step two: the code from the new mailbox switches the address. */
export const confirmEmailChange = (input: { code: string }) =>
  api.post<{ ok: true }>('/api/profile/email/confirm', input);
