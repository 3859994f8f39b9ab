import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '~/lib/api-client';
import { sendErrorMessage } from '~/lib/error-messages';
import { useCreateTicket } from '../api/create-ticket';
import { ticketsQueryKey } from '../api/get-tickets';
import { useSendMessage } from '../api/send-message';
import type { NewTicketCustomer } from '../components/caller-customer-picker';
import { canSend, filesForSend } from '../lib/file-rules';
import { createIdempotencyKeeper, sendFingerprint } from '../lib/idempotency';
import { DRAFT_TICKET_ID } from '../lib/selection';
import type { ComposerDraft } from './use-composer-draft';

/**
 * Sending the composer's content: the draft's first message creates the
 * ticket, later ones are replies. A send cannot start twice, and every send
 * carries an Idempotency-Key that stays the same while the same content is
 * retried, so a retry after a lost answer never doubles a message.
 */
export function useComposerSend({
  ticketId,
  username,
  draft,
  isNote = false,
  customer,
  onCreated,
  onSent,
}: {
  ticketId: number;
  username: string;
  draft: Pick<ComposerDraft, 'current' | 'clearSent'>;
  /** Staff's internal note instead of a reply (never for the draft: a ticket starts with a message). */
  isNote?: boolean;
  /** Staff's draft: whose ticket it opens (DESIGN.md §7.9). */
  customer?: NewTicketCustomer | null;
  onCreated: (ticketId: number) => void;
  /** After every confirmed send, whether it created the ticket or replied. */
  onSent: () => void;
}) {
  const queryClient = useQueryClient();
  const createTicket = useCreateTicket({ username });
  const sendMessage = useSendMessage();
  const [isSending, setIsSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Set at once, unlike `isSending`: a second Enter before the next render must not send again.
  const sendingRef = useRef(false);
  const [keeper] = useState(() => createIdempotencyKeeper());

  async function submit() {
    const { body, files } = draft.current();
    if (sendingRef.current || !canSend(body, files)) return;
    sendingRef.current = true;
    setIsSending(true);
    setError(null);
    const toSend = filesForSend(files);
    const text = body.trim();
    setProgress(toSend.length > 0 ? 0 : null);
    // Another customer is another ticket: the key must change with them.
    const forWhom = customer ? `${customer.email}\n${text}` : text;
    const upload = {
      body: text,
      files: toSend,
      ...(customer && ticketId === DRAFT_TICKET_ID ? { customer } : {}),
      idempotencyKey: keeper.keyFor(sendFingerprint(ticketId, forWhom, toSend)),
      onProgress: (p: { fraction: number | null }) => {
        if (p.fraction !== null && toSend.length > 0) setProgress(p.fraction);
      },
    };
    try {
      if (ticketId === DRAFT_TICKET_ID) {
        const created = await createTicket.mutateAsync(upload);
        keeper.reset();
        draft.clearSent(text, files);
        onCreated(created.id);
      } else {
        await sendMessage.mutateAsync({ ...upload, ticketId, internal: isNote });
        keeper.reset();
        draft.clearSent(text, files);
      }
      onSent();
    } catch (err) {
      setError(sendErrorMessage(err));
      // The ticket was closed meanwhile: refresh so the screen shows it.
      if (isApiError(err) && (err.code === 'ticket_closed' || err.code === 'not_found')) {
        void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
      }
    } finally {
      sendingRef.current = false;
      setIsSending(false);
      setProgress(null);
    }
  }

  return {
    submit,
    isSending,
    /** True from the moment a send starts, before React has re-rendered. */
    isBusy: () => sendingRef.current,
    /** 0..1 while files are uploading, otherwise null. */
    progress,
    error,
    clearError: () => setError(null),
  };
}
