import { useEffect, useState } from 'react';
import { errorMessage } from '~/lib/error-messages';
import { confirmInquiry } from '../api/confirm-inquiry';

export type InquiryConfirmation =
  | { state: 'pending' }
  | { state: 'confirmed'; ticketId: number }
  | { state: 'failed'; message: string };

/**
 * Confirms the inquiry of the e-mailed link once the page is open. Confirming
 * is idempotent on the server, so a second run (React's development double
 * effect, a reload) answers the same ticket.
 */
export function useInquiryConfirmation(token: string): InquiryConfirmation {
  const [result, setResult] = useState<InquiryConfirmation>({ state: 'pending' });
  useEffect(() => {
    let active = true;
    setResult({ state: 'pending' });
    confirmInquiry(token).then(
      ({ ticket_id }) => active && setResult({ state: 'confirmed', ticketId: ticket_id }),
      (error: unknown) =>
        active && setResult({ state: 'failed', message: errorMessage('inquiryConfirm', error) }),
    );
    return () => {
      active = false;
    };
  }, [token]);
  return result;
}
