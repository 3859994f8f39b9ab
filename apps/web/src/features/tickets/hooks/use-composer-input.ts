import { type ClipboardEvent, type KeyboardEvent, type RefObject, useEffect } from 'react';
import { type AfterSend, afterSendOf, isSendShortcut } from './use-send-shortcut';

/** How the message field reacts to the keyboard and to pasted files. */
export function useComposerInput({
  textareaRef,
  autoFocus,
  onSend,
  onPasteFiles,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Focus the field on mount (the draft's composer is replaced by the new ticket's). */
  autoFocus: boolean;
  /** Asked to send, and what to do after (staff's Shift/Alt variants; customers get 'stay'). */
  onSend: (after: AfterSend) => void;
  onPasteFiles: (files: File[]) => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when this composer appears
  useEffect(() => {
    if (autoFocus) textareaRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendShortcut(event)) return;
    event.preventDefault();
    onSend(afterSendOf(event));
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0) return;
    // Pasting a screenshot must not also insert its file name as text.
    if (!event.clipboardData.getData('text/plain')) event.preventDefault();
    onPasteFiles(pasted);
  };

  return { onKeyDown, onPaste };
}
