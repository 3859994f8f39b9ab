import {
  type InquiryConfirmedAnswer,
  InquiryConfirmedAnswerSchema,
} from '@studio/shared/inquiries';
import { api } from '~/lib/api-client';

/** The e-mailed link's token turns the inquiry into a ticket (the same one when confirmed again). */
export async function confirmInquiry(token: string): Promise<InquiryConfirmedAnswer> {
  return InquiryConfirmedAnswerSchema.parse(await api.post('/api/inquiries/confirm', { token }));
}
