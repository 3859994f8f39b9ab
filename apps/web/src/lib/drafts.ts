/**
 * Unsent composer text, kept in localStorage per user and ticket (issue 18),
 * so a reload or a switch to another ticket loses nothing. The new-ticket
 * draft has its own key. A send removes its draft; a deliberate logout
 * removes them all, so the next person on a shared computer does not find
 * them (a session that merely expired keeps them for the same user).
 */

const PREFIX = 'kontakt_draft_';

/** `ticketId` null is the new-ticket draft. */
export function draftKey(userId: number, ticketId: number | null): string {
  return `${PREFIX}${userId}_${ticketId === null ? 'new' : ticketId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): string {
  try {
    return storage()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** An empty text removes the entry. A full or disabled storage just does not keep the draft. */
export function writeDraft(key: string, text: string): void {
  try {
    if (text.trim() === '') storage()?.removeItem(key);
    else storage()?.setItem(key, text);
  } catch {
    // Private mode or quota: the draft lives only as long as the page.
  }
}

export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) store.removeItem(key);
  } catch {
    // Nothing to clear where nothing could be stored.
  }
}
