import { type Ref, useImperativeHandle, useRef } from 'react';
import { useComposerDraft } from '../hooks/use-composer-draft';
import { useComposerInput } from '../hooks/use-composer-input';
import { useComposerSend } from '../hooks/use-composer-send';
import { useKeepDraft, useSavedDraft } from '../hooks/use-draft';
import { useRefusedFiles } from '../hooks/use-refused-files';
import { canSend, type FileSource } from '../lib/file-rules';
import { insertAt } from '../lib/saved-reply-text';
import { DRAFT_TICKET_ID } from '../lib/selection';
import { ComposerForm } from './composer-form';
import { isOverLimit } from './length-counter';

export interface ComposerHandle {
  /** Files dropped anywhere on the page (not size-checked here, SPEC.md §5). */
  addDroppedFiles: (files: File[]) => void;
  /** Staff: a saved reply goes in at the cursor. */
  insertText: (text: string) => void;
  focus: () => void;
}

interface ComposerProps {
  ref?: Ref<ComposerHandle>;
  ticketId: number;
  /** Drafts are kept per user and ticket. */
  userId: number;
  username: string;
  /** Called with the id of the ticket the draft's first message created. */
  onCreated: (ticketId: number) => void;
  onSent: () => void;
  /** Focus the input on mount (the draft's composer is replaced by the new ticket's). */
  autoFocus?: boolean;
  /** Staff: the next send is an internal note (DESIGN.md §7.2). */
  isNote?: boolean;
  /** Staff: `/` typed into the empty input opens the saved replies instead. */
  onSlashInEmpty?: () => void;
}

/**
 * The message input: text, files from the picker, paste or a page-wide drop,
 * previews, an upload progress bar and clear errors. The screen keys it by
 * ticket, so each ticket starts with an empty one. State lives in the hooks;
 * this only connects them to the form.
 */
export function Composer({
  ref,
  ticketId,
  userId,
  username,
  onCreated,
  onSent,
  autoFocus = false,
  isNote = false,
  onSlashInEmpty,
}: ComposerProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const focusInput = () => textareaRef.current?.focus();
  const saved = useSavedDraft(userId, ticketId);
  const draft = useComposerDraft(saved.initialBody);
  useKeepDraft(saved.key, draft.body);
  const refused = useRefusedFiles();
  const send = useComposerSend({
    ticketId,
    username,
    draft,
    isNote,
    onCreated,
    onSent: () => {
      onSent();
      focusInput();
    },
  });

  // Files wait while a send runs: they would be cleared with the sent ones.
  const add = (incoming: File[], source: FileSource) => {
    if (send.isBusy() || incoming.length === 0) return;
    refused.add(draft.add(incoming, source));
    send.clearError();
  };
  // Too long a text or a refused file still listed: the writer must fix it first (issue 18).
  const isBlocked = () => isOverLimit(draft.current().body) || refused.refused.length > 0;
  const trySend = () => {
    if (!isBlocked()) void send.submit();
  };

  const input = useComposerInput({
    textareaRef,
    autoFocus,
    onSend: trySend,
    onPasteFiles: (files) => add(files, 'paste'),
  });

  useImperativeHandle(ref, () => ({
    addDroppedFiles: (dropped) => add(dropped, 'drop'),
    insertText: (text) => {
      const field = textareaRef.current;
      const next = insertAt(
        draft.body,
        text,
        field?.selectionStart ?? draft.body.length,
        field?.selectionEnd,
      );
      draft.setBody(next.text);
      requestAnimationFrame(() => {
        field?.focus();
        field?.setSelectionRange(next.cursor, next.cursor);
      });
    },
    focus: focusInput,
  }));

  return (
    <ComposerForm
      isDraft={ticketId === DRAFT_TICKET_ID}
      textareaRef={textareaRef}
      body={draft.body}
      onBodyChange={(body) => {
        draft.setBody(body);
        send.clearError();
      }}
      onKeyDown={(event) => {
        if (onSlashInEmpty && event.key === '/' && draft.body === '') {
          event.preventDefault();
          onSlashInEmpty();
          return;
        }
        input.onKeyDown(event);
      }}
      isNote={isNote}
      onPaste={input.onPaste}
      files={draft.files}
      onPickFiles={(files) => add(files, 'picker')}
      onRemoveFile={(index) => {
        draft.removeAt(index);
        focusInput();
      }}
      refused={refused.refused}
      onRemoveRefused={(index) => {
        refused.removeAt(index);
        focusInput();
      }}
      error={send.error}
      isSending={send.isSending}
      progress={send.progress}
      canSubmit={canSend(draft.body, draft.files) && !isBlocked()}
      onSubmit={trySend}
    />
  );
}
