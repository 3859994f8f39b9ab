import { type Ref, useImperativeHandle, useRef, useState } from 'react';
import { useComposerDraft } from '../hooks/use-composer-draft';
import { useComposerInput } from '../hooks/use-composer-input';
import { useComposerSend } from '../hooks/use-composer-send';
import { keepDraftNow, useKeepDraft, useSavedDraft } from '../hooks/use-draft';
import { useRefusedFiles } from '../hooks/use-refused-files';
import type { ReplyCollision, ReplyGuard } from '../hooks/use-reply-collision';
import type { AfterSend } from '../hooks/use-send-shortcut';
import { canSend, type FileSource } from '../lib/file-rules';
import { insertAt } from '../lib/saved-reply-text';
import { DRAFT_TICKET_ID } from '../lib/selection';
import type { NewTicketCustomer } from './caller-customer-picker';
import { ComposerForm } from './composer-form';
import { isOverLimit } from './length-counter';
import { ReplyCollisionWarning, scrollToMessage } from './reply-collision-warning';

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
  /**
   * Staff on an open ticket (issue 31): „Wyślij i zamknij” and „Wyślij i
   * następne”, by button or Ctrl+Shift+Enter / Ctrl+Alt+Enter. Each runs only
   * after the message was sent.
   */
  thenActions?: { close: () => void; next: () => void };
  /**
   * Staff's „Nowe zgłoszenie” (DESIGN.md §7.9): the customer the ticket is for;
   * `null` until one is picked, and nothing is sent meanwhile.
   */
  customer?: NewTicketCustomer | null;
  /** Staff: a reply asks first when another agent answered meanwhile (issue 31). */
  replyGuard?: ReplyGuard;
  /** Staff: every change of the text, for presence („pisze…”). */
  onTyping?: () => void;
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
  thenActions,
  customer,
  replyGuard,
  onTyping,
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
    customer,
    onCreated,
    onSent: () => {
      replyGuard?.acknowledge();
      onSent();
      const after = afterSent.current;
      afterSent.current = 'stay';
      // The sent text is saved as gone at once (whatever was typed meanwhile stays): the
      // composer may already be replaced (a created ticket) or be replaced next.
      keepDraftNow(saved.key, draft.current().body);
      if (after === 'close' && thenActions) thenActions.close();
      else if (after === 'next' && thenActions) thenActions.next();
      else focusInput();
    },
  });

  // Files wait while a send runs: they would be cleared with the sent ones.
  const add = (incoming: File[], source: FileSource) => {
    if (send.isBusy() || incoming.length === 0) return;
    refused.add(draft.add(incoming, source));
    send.clearError();
  };
  // Too long a text or a refused file still listed: the writer must fix it first (issue 18).
  const isBlocked = () =>
    isOverLimit(draft.current().body) || refused.refused.length > 0 || customer === null;
  // Staff's choice of what follows the send in progress (set just before it starts).
  const afterSent = useRef<AfterSend>('stay');
  const offersThen = Boolean(thenActions) && !isNote && ticketId !== DRAFT_TICKET_ID;
  // Another agent's reply since this one began: asked about before anything leaves.
  const [collision, setCollision] = useState<{ found: ReplyCollision; after: AfterSend } | null>(
    null,
  );
  const trySend = (after: AfterSend = 'stay', checked = false) => {
    if (isBlocked() || send.isBusy()) return;
    if (!checked && !isNote && replyGuard && ticketId !== DRAFT_TICKET_ID) {
      const found = replyGuard.check();
      if (found) {
        setCollision({ found, after });
        return;
      }
    }
    setCollision(null);
    afterSent.current = offersThen ? after : 'stay';
    void send.submit();
  };

  const input = useComposerInput({
    textareaRef,
    autoFocus,
    onSend: (after) => trySend(after),
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
    <>
      {collision && (
        <ReplyCollisionWarning
          collision={collision.found}
          onShow={() => {
            replyGuard?.acknowledge();
            setCollision(null);
            scrollToMessage(collision.found.messageId);
            focusInput();
          }}
          onSendAnyway={() => {
            replyGuard?.acknowledge();
            trySend(collision.after, true);
          }}
        />
      )}
      <ComposerForm
        isDraft={ticketId === DRAFT_TICKET_ID}
        textareaRef={textareaRef}
        body={draft.body}
        onBodyChange={(body) => {
          // A new draft begins now: replies the agent could read before it do not count.
          if (draft.body === '' && body !== '') replyGuard?.acknowledge();
          draft.setBody(body);
          send.clearError();
          onTyping?.();
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
        onSubmit={() => trySend('stay')}
        onSubmitThen={offersThen ? (after) => trySend(after) : undefined}
      />
    </>
  );
}
