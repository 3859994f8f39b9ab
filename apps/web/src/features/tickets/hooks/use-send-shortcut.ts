import type { KeyboardEvent } from 'react';

/** Apple keyboards say ⌘ where others say Ctrl. */
export function sendShortcutLabel(
  platform = typeof navigator === 'undefined' ? '' : navigator.platform,
): string {
  return /Mac|iPhone|iPad/i.test(platform) ? '⌘+Enter' : 'Ctrl+Enter';
}

/**
 * Enter adds a line and Ctrl/⌘+Enter sends (issue 18): a long description
 * is no longer sent after its first line. IME composition is left alone.
 * Answers true when the key was taken as "send".
 */
export function isSendShortcut(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return false;
  return event.ctrlKey || event.metaKey;
}

/** What a send does next, for staff (issue 31): nothing, close the ticket, or open the next one. */
export type AfterSend = 'stay' | 'close' | 'next';

/**
 * Staff's send shortcuts in the reply field: Ctrl/⌘+Shift+Enter sends and
 * closes, Ctrl/⌘+Alt+Enter sends and opens the next ticket; plain
 * Ctrl/⌘+Enter only sends.
 */
export function afterSendOf(event: KeyboardEvent<HTMLTextAreaElement>): AfterSend {
  if (event.shiftKey) return 'close';
  if (event.altKey) return 'next';
  return 'stay';
}
