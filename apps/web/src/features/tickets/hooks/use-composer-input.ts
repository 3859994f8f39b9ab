import { type ClipboardEvent, type KeyboardEvent, type RefObject, useEffect } from 'react';
import { COARSE_POINTER_QUERY, useMediaQuery } from '~/lib/use-media-query';

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
  onSend: () => void;
  onPasteFiles: (files: File[]) => void;
}) {
  const isCoarsePointer = useMediaQuery(COARSE_POINTER_QUERY);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when this composer appears
  useEffect(() => {
    if (autoFocus) textareaRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends and Shift+Enter starts a new line; on touch keyboards Enter is a new line
    // (there is a send button). Ctrl/Cmd+Enter always sends. IME composition is left alone.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const sendKey = event.ctrlKey || event.metaKey || (!event.shiftKey && !isCoarsePointer);
    if (!sendKey) return;
    event.preventDefault();
    onSend();
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
