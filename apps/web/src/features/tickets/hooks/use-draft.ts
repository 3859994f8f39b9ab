import { useEffect, useState } from 'react';
import { draftKey, readDraft, writeDraft } from '~/lib/drafts';
import { DRAFT_TICKET_ID } from '../lib/selection';

/**
 * The composer's saved text for this user and ticket (issue 18), read once
 * when the composer appears (the screen keys it by ticket).
 */
export function useSavedDraft(userId: number, ticketId: number) {
  const key = draftKey(userId, ticketId === DRAFT_TICKET_ID ? null : ticketId);
  const [initialBody] = useState(() => readDraft(key));
  return { key, initialBody };
}

/** Saves the text on every change; an emptied text (after a send) removes the entry. */
export function useKeepDraft(key: string, body: string) {
  useEffect(() => writeDraft(key, body), [key, body]);
}

/**
 * Saves the text at once, not on the next render: the new ticket's composer
 * is replaced by the created ticket's before it renders its emptied text
 * again, and its old text came back as the next new ticket's draft (issue 31).
 */
export const keepDraftNow = writeDraft;
