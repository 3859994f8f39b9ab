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
