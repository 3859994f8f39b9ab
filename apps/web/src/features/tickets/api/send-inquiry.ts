import type { InquiryInput } from '@studio/shared/inquiries';
import { api } from '~/lib/api-client';

/** Writing without an account: the server e-mails a confirmation link (202 whatever the address). */
export const sendInquiry = (input: InquiryInput) => api.post<{ ok: true }>('/api/inquiries', input);
